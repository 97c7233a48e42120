'use client';
import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Loader2, Trash2 } from 'lucide-react';
import { useAppServices } from '@/lib/api/services';
import { useSubscription, type Subscription } from '@/features/billing';
import { useSprouts } from '@/features/projects';
import { toast, toastOnArrival } from '@/lib/browser/toast';
import { Field } from '@/ui/field';
import { Button } from '@/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/ui/dialog';
import { formErrors } from './form-errors';
import { useAccountCalls } from './queries';
import { ProjectExports } from './project-exports';

const DELETION_IS_FINAL = 'Deleting your account is final. It cannot be undone, not even by our team.';

function subscriptionLine(sub: Subscription | undefined): string {
  if (!sub) return 'Any subscription you have is cancelled at once.';
  if (sub.type === 'subscribed on mobile') {
    const store = sub.storeLabel ?? 'app store';
    return `Your ${sub.planLabel} subscription is billed by the ${store}: cancel it there, deleting your account does not.`;
  }
  if (sub.type === 'subscribed on web') return `Your ${sub.planLabel} subscription is cancelled at once, without a refund for the rest of the period.`;
  return 'You have no subscription to cancel.';
}

/** What goes, said before the password is asked for: apps offline, plan cancelled, data removed, for good. */
function Consequences() {
  const sprouts = useSprouts();
  const sub = useSubscription();
  const projects = sprouts.data?.length ?? null;
  const published = sprouts.data?.filter((s) => s.published).length ?? 0;
  return (
    <ul className="grid list-disc gap-1.5 pl-5 text-sm" data-testid="delete-account-consequences">
      <li>
        {projects === null ? 'Your projects' : `Your ${projects} project${projects === 1 ? '' : 's'}`}, with their versions, chats, app data and uploads, are
        removed.
      </li>
      {published > 0 ? (
        <li>
          {published} published app{published === 1 ? ' is' : 's are'} taken offline: {published === 1 ? 'its address answers' : 'their addresses answer'} that
          nothing is published there.
        </li>
      ) : null}
      <li>{subscriptionLine(sub.data)}</li>
      <li>You are signed out everywhere and cannot sign in to this account again.</li>
    </ul>
  );
}

/** Step 1: download the projects; step 2: what happens, and the password to confirm. */
function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { identity } = useAppServices();
  const calls = useAccountCalls();
  const router = useRouter();
  const qc = useQueryClient();
  const [step, setStep] = useState<'export' | 'confirm'>('export');
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<{ password?: string; form?: string }>({});

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const password = String(new FormData(e.currentTarget).get('deletePassword') ?? '');
    if (!password) return setErrors({ password: 'Enter your password to confirm.' });
    setErrors({});
    setPending(true);
    try {
      await calls.deleteAccount(password);
      onOpenChange(false);
      await identity.signOut();
      qc.clear();
      // Said on the home page once it shows: the navigation can outlast a toast shown before it.
      toastOnArrival('/', () => toast.success('Your account is deleted', { description: 'Everything in it is gone for good.', duration: 8_000 }));
      router.push('/');
    } catch (err) {
      setPending(false);
      setErrors(formErrors(err, ['password'], 'Could not delete your account. Please try again.'));
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        if (!next) {
          setStep('export');
          setErrors({});
        }
        onOpenChange(next);
      }}
    >
      <DialogContent data-testid="delete-account-dialog" data-step={step} aria-busy={pending}>
        <DialogHeader>
          <DialogTitle>{step === 'export' ? 'Before you go: download your projects' : 'Delete your account?'}</DialogTitle>
          <DialogDescription>
            {step === 'export'
              ? 'Each export is a standalone Vite project you can run and host anywhere. After the deletion they cannot be downloaded.'
              : DELETION_IS_FINAL}
          </DialogDescription>
        </DialogHeader>
        {step === 'export' ? (
          <>
            <ProjectExports />
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Keep my account
              </Button>
              <Button variant="destructive" onClick={() => setStep('confirm')} data-testid="delete-account-continue">
                Continue
              </Button>
            </DialogFooter>
          </>
        ) : (
          <form onSubmit={submit} noValidate className="grid gap-4">
            <Consequences />
            <p
              className="flex items-start gap-2 rounded-md bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive"
              data-testid="delete-account-final"
            >
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {DELETION_IS_FINAL}
            </p>
            <Field
              id="deletePassword"
              label="Your password"
              type="password"
              autoComplete="current-password"
              maxLength={256}
              error={errors.password}
              autoFocus
            />
            {errors.form ? (
              <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive" data-testid="delete-account-error">
                {errors.form}
              </p>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setStep('export')} disabled={pending}>
                Back
              </Button>
              <Button type="submit" variant="destructive" disabled={pending} data-testid="delete-account-confirm">
                {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
                {pending ? 'Deleting…' : 'Delete my account'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        Removes your account and everything in it: projects, published apps, app data, uploads and your plan. You can download your projects first.
      </p>
      <Button variant="destructive" className="justify-self-start" onClick={() => setOpen(true)} data-testid="delete-account">
        <Trash2 aria-hidden="true" /> Delete account…
      </Button>
      <DeleteAccountDialog open={open} onOpenChange={setOpen} />
    </div>
  );
}
