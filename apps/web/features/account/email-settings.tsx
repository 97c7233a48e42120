'use client';
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Loader2, MailWarning } from 'lucide-react';
import { accountQueryKey, useAccountCalls, useAccountStatus } from './queries';
import { errorText } from '@/lib/api/error-text';
import { toast } from '@/lib/browser/toast';
import { Field } from '@/ui/field';
import { ResendVerificationButton } from './verification/resend-verification';
import { LoadError } from '@/ui/load-error';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Skeletons } from '@/ui/skeleton';
import { formErrors } from './form-errors';

const FIELDS = ['newEmail', 'currentPassword'] as const;

/** The new address and the current password; the account moves once the link mailed there is opened. */
function ChangeEmailForm({ onDone }: { onDone: () => void }) {
  const calls = useAccountCalls();
  const qc = useQueryClient();
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<(typeof FIELDS)[number] | 'form', string>>>({});

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const newEmail = String(data.get('newEmail') ?? '').trim();
    const currentPassword = String(data.get('emailCurrentPassword') ?? '');
    const local: typeof errors = {};
    if (!/^\S+@\S+\.\S+$/.test(newEmail)) local.newEmail = 'Enter a valid email address.';
    if (!currentPassword) local.currentPassword = 'Enter your current password.';
    setErrors(local);
    if (Object.keys(local).length) return;
    setPending(true);
    try {
      const sent = await calls.changeEmail(newEmail, currentPassword);
      await qc.invalidateQueries({ queryKey: accountQueryKey });
      toast.success(sent.message, { description: 'Your address stays the same until then.' });
      form.reset();
      onDone();
    } catch (err) {
      setErrors(formErrors(err, FIELDS, 'Could not change your email address. Please try again.'));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-3" data-testid="change-email-form">
      <Field id="newEmail" label="New email address" type="email" autoComplete="email" maxLength={254} error={errors.newEmail} />
      <Field
        id="emailCurrentPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
        maxLength={256}
        error={errors.currentPassword}
      />
      {errors.form ? (
        <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive" data-testid="change-email-error">
          {errors.form}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending} data-testid="change-email-submit">
          {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Send confirmation link
        </Button>
        <Button type="button" variant="ghost" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The address, whether it is verified ("Resend" if not), a move under way, and the form to move. */
export function EmailSettings() {
  const calls = useAccountCalls();
  const qc = useQueryClient();
  const account = useAccountStatus();
  const [editing, setEditing] = useState(false);
  const [cancelling, setCancelling] = useState(false);

  if (account.isError && !account.data) {
    return <LoadError layout="box" className="rounded-lg p-4" title="Could not load your email address." onRetry={() => void account.refetch()} />;
  }
  if (!account.data) return <Skeletons label="Loading your email address" bars={['h-4 w-24', 'h-5 w-64', 'h-9 w-36']} />;
  const a = account.data;

  async function cancelChange() {
    setCancelling(true);
    try {
      await calls.cancelEmailChange();
      await qc.invalidateQueries({ queryKey: accountQueryKey });
      toast.success('The change of address is cancelled.');
    } catch (err) {
      toast.error(errorText(err, { status: 'none', otherwise: 'Could not cancel the change. Please try again.' }));
    } finally {
      setCancelling(false);
    }
  }

  return (
    <div className="grid gap-4">
      <div className="grid gap-1.5">
        <span className="text-sm font-medium">Email</span>
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm break-all" data-testid="settings-email">
            {a.email}
          </span>
          {a.emailVerified ? (
            <Badge variant="secondary" data-testid="email-verified">
              <CheckCircle2 className="size-3" aria-hidden="true" /> Verified
            </Badge>
          ) : (
            <Badge variant="warning" data-testid="email-unverified">
              <MailWarning className="size-3" aria-hidden="true" /> Not verified
            </Badge>
          )}
        </div>
        {a.emailVerified ? null : (
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <span>Open the link we sent to this address to verify it.</span>
            <ResendVerificationButton testId="settings-resend-verification" variant="secondary" />
          </div>
        )}
      </div>
      {a.pendingEmail ? (
        <div
          className="flex flex-col items-start gap-2 rounded-lg border bg-muted/40 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
          data-testid="email-change-pending"
        >
          <p>
            We sent a link to <span className="font-medium break-all">{a.pendingEmail}</span>. Your address changes when you open it.
          </p>
          <Button size="sm" variant="outline" onClick={() => void cancelChange()} disabled={cancelling} data-testid="email-change-cancel">
            {cancelling ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            Cancel change
          </Button>
        </div>
      ) : null}
      {editing ? (
        <ChangeEmailForm onDone={() => setEditing(false)} />
      ) : (
        <Button variant="outline" className="justify-self-start" onClick={() => setEditing(true)} data-testid="change-email">
          Change email
        </Button>
      )}
    </div>
  );
}
