'use client';
import { useState, type FormEvent } from 'react';
import { Loader2 } from 'lucide-react';
import { useAppServices } from '@/lib/api/services';
import { syncServerSession } from '@/lib/api/session-sync';
import { useAccountCalls } from './queries';
import { toast } from '@/lib/browser/toast';
import { Field } from '@/ui/field';
import { Button } from '@/ui/button';
import { formErrors } from './form-errors';

const FIELDS = ['currentPassword', 'newPassword'] as const;
type Errors = Partial<Record<(typeof FIELDS)[number] | 'confirmPassword' | 'form', string>>;

/**
 * Current password, new password twice. The API answers with a new session for this device and
 * ends every other one; the form adopts it so this page stays signed in.
 */
export function PasswordForm() {
  const { identity, config } = useAppServices();
  const calls = useAccountCalls();
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Errors>({});

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const currentPassword = String(data.get('currentPassword') ?? '');
    const newPassword = String(data.get('newPassword') ?? '');
    const confirm = String(data.get('confirmPassword') ?? '');
    const local: Errors = {};
    if (!currentPassword) local.currentPassword = 'Enter your current password.';
    if (newPassword.length < 10) local.newPassword = 'Password must be at least 10 characters.';
    else if (newPassword !== confirm) local.confirmPassword = 'The passwords do not match.';
    setErrors(local);
    if (Object.keys(local).length) return;
    setPending(true);
    try {
      const session = await calls.changePassword(currentPassword, newPassword);
      identity.adopt(session);
      await syncServerSession(config.loginEndpoint, session.idToken).catch((err: Error) => console.error(err.message));
      form.reset();
      toast.success('Your password is changed', { description: 'Every other device was signed out.' });
    } catch (err) {
      setErrors(formErrors(err, FIELDS, 'Could not change your password. Please try again.'));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-3" data-testid="password-form">
      <Field id="currentPassword" label="Current password" type="password" autoComplete="current-password" maxLength={256} error={errors.currentPassword} />
      <Field
        id="newPassword"
        label="New password"
        type="password"
        autoComplete="new-password"
        maxLength={256}
        hint="At least 10 characters."
        error={errors.newPassword}
      />
      <Field id="confirmPassword" label="Repeat new password" type="password" autoComplete="new-password" maxLength={256} error={errors.confirmPassword} />
      {errors.form ? (
        <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive" data-testid="password-form-error">
          {errors.form}
        </p>
      ) : null}
      <Button type="submit" className="justify-self-start" disabled={pending} data-testid="change-password-submit">
        {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        Change password
      </Button>
    </form>
  );
}
