'use client';
import { useState, type FormEvent } from 'react';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { CheckCircle2, Loader2 } from 'lucide-react';
import { Button } from '@/ui/button';
import { useConfig } from '@/lib/api/services';
import { Field } from '@/ui/field';
import { requestPasswordReset, resetPassword } from './api';

export function RequestResetForm() {
  const { apiUrl } = useConfig();
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get('email') ?? '').trim();
    if (!email) return setError('Enter your email address.');
    setError(null);
    setState('sending');
    const r = await requestPasswordReset(apiUrl, email);
    if (r.ok) setState('sent');
    else {
      setState('idle');
      setError(r.fields?.[0]?.message ?? r.message ?? 'Something went wrong.');
    }
  }

  if (state === 'sent') {
    return (
      <div className="grid gap-3 text-center" role="status" data-testid="reset-requested">
        <CheckCircle2 className="mx-auto size-8 text-primary" />
        <p className="text-sm">If an account exists for this email, we have sent a link to reset its password. The link works once.</p>
        <Link href="/login" className="text-sm underline underline-offset-4">
          Back to sign in
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Field id="email" label="Email" type="email" autoComplete="email" error={error ?? undefined} maxLength={254} />
      <Button type="submit" disabled={state === 'sending'} data-testid="reset-request-submit">
        {state === 'sending' ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        Send reset link
      </Button>
    </form>
  );
}

export function SetNewPasswordForm() {
  const { apiUrl } = useConfig();
  const token = useSearchParams().get('token') ?? '';
  const [state, setState] = useState<'idle' | 'saving' | 'done'>('idle');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string; form?: string }>({});

  if (!token) {
    return (
      <div className="grid gap-3 text-center text-sm" data-testid="reset-missing-token">
        <p>This reset link is incomplete. Request a new one.</p>
        <Link href="/forgot-password" className="underline underline-offset-4">
          Request a reset link
        </Link>
      </div>
    );
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const password = String(data.get('password') ?? '');
    const confirm = String(data.get('confirm') ?? '');
    const next: typeof errors = {};
    if (password.length < 10) next.password = 'Password must be at least 10 characters.';
    else if (password !== confirm) next.confirm = 'The passwords do not match.';
    setErrors(next);
    if (next.password || next.confirm) return;
    setState('saving');
    const r = await resetPassword(apiUrl, token, password);
    if (r.ok) setState('done');
    else {
      setState('idle');
      setErrors({ form: r.message });
    }
  }

  if (state === 'done') {
    return (
      <div className="grid gap-3 text-center" role="status" data-testid="reset-done">
        <CheckCircle2 className="mx-auto size-8 text-primary" />
        <p className="text-sm">Your password has been changed. You have been signed out on every device.</p>
        <Button asChild>
          <Link href="/login">Sign in</Link>
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Field
        id="password"
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.password}
        hint="At least 10 characters."
        maxLength={256}
      />
      <Field id="confirm" label="Repeat new password" type="password" autoComplete="new-password" error={errors.confirm} maxLength={256} />
      {errors.form ? (
        <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {errors.form}{' '}
          <Link href="/forgot-password" className="underline underline-offset-4">
            Request a new link
          </Link>
        </p>
      ) : null}
      <Button type="submit" disabled={state === 'saving'} data-testid="reset-confirm-submit">
        {state === 'saving' ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        Set new password
      </Button>
    </form>
  );
}
