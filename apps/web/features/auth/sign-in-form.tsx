'use client';
import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { Loader2 } from 'lucide-react';
import { Button } from '@/ui/button';
import { useAppServices } from '@/lib/api/services';
import { showSessionSyncError, useAuth } from '@/lib/api/auth';
import { syncServerSession } from '@/lib/api/session-sync';
import { track } from '@/features/telemetry';
import { AuthRequestError } from '@/lib/api/identity';
import { goTo, signInDestination } from './sign-in-redirect';
import { rememberAccount } from '@/lib/api/known-account';
import { authSwitchHref, handOverEmail, takeHandedEmail } from './auth-handoff';
import { Field } from '@/ui/field';

type Mode = 'login' | 'register';

/** The email typed so far, for the other page (switching between sign-in and sign-up keeps it). */
function handOverTypedEmail(): void {
  const input = document.getElementById('email');
  if (input instanceof HTMLInputElement && input.value.trim()) handOverEmail(input.value);
}

/** An email the other page handed over goes in the email field, and the caret to the next empty one. */
function useHandedEmail(mode: Mode) {
  const email = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const handed = takeHandedEmail();
    const input = email.current;
    if (!handed || !input || input.value) return;
    input.value = handed;
    const next = document.getElementById(mode === 'login' ? 'password' : 'displayName');
    if (next instanceof HTMLInputElement && !next.value) next.focus();
  }, [mode]);
  return email;
}

export function SignInForm({ mode }: { mode: Mode }) {
  const { identity, config } = useAppServices();
  const { status } = useAuth();
  const router = useRouter();
  const search = useSearchParams();
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const navigated = useRef(false);
  const emailRef = useHandedEmail(mode);
  const [emailTaken, setEmailTaken] = useState(false);

  // Already signed in (or just signed in): continue to where the person was going.
  useEffect(() => {
    if (status !== 'signed-in' || navigated.current || pending) return;
    navigated.current = true;
    goTo(signInDestination(search, config.redirectHosts), router);
  }, [status, pending, search, config.redirectHosts, router]);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const email = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    const displayName = String(data.get('displayName') ?? '').trim();
    const local: Record<string, string> = {};
    if (!email) local.email = 'Enter your email address.';
    if (!password) local.password = 'Enter your password.';
    if (mode === 'register' && password && password.length < 10) local.password = 'Password must be at least 10 characters.';
    if (mode === 'register' && !displayName) local.displayName = 'Enter your name.';
    setErrors(local);
    setFormError(null);
    setEmailTaken(false);
    if (Object.keys(local).length) return;
    setPending(true);
    try {
      if (mode === 'login') await identity.signIn(email, password);
      else {
        await identity.register({ email, password, displayName });
        // The 'Onboarding' event's first step: the account exists (sent with the new person's token once the queue flushes).
        track('Onboarding', { step: 'signed_up' });
      }
      // The server session must exist before a server-rendered page is requested.
      await syncServerSession(config.loginEndpoint, await identity.getIdToken());
      rememberAccount();
      navigated.current = true;
      goTo(signInDestination(search, config.redirectHosts), router);
    } catch (err) {
      setPending(false);
      if (err instanceof AuthRequestError) {
        const fieldErrors = Object.fromEntries(err.fields.map((f) => [f.path, f.message]));
        setErrors(fieldErrors);
        setEmailTaken(err.code === 'email_taken');
        if (!Object.keys(fieldErrors).length || err.status === 401 || err.status === 429) setFormError(err.message);
      } else {
        // Signed in here but not on the server (its session endpoint failed): stay and say so, or the
        // next page, rendered signed out, would send the person straight back here.
        navigated.current = true;
        const message = err instanceof Error ? err.message : 'Something went wrong. Please try again.';
        setFormError(message);
        // The same toast as the session's own sync, which fails alike: one, not two.
        showSessionSyncError(message);
      }
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" data-testid={`${mode}-form`}>
      {mode === 'register' ? <Field id="displayName" label="Name" autoComplete="name" error={errors.displayName} maxLength={100} /> : null}
      <Field
        id="email"
        ref={emailRef}
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email}
        maxLength={254}
        errorAction={emailTaken ? <SignInInstead /> : null}
      />
      <Field
        id="password"
        label="Password"
        type="password"
        autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
        error={errors.password}
        hint={mode === 'register' ? 'At least 10 characters.' : undefined}
        maxLength={256}
      />
      {formError ? (
        <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive" data-testid="form-error">
          {formError}
        </p>
      ) : null}
      <Button type="submit" disabled={pending} data-testid={`${mode}-submit`}>
        {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {mode === 'login' ? 'Sign in' : 'Create account'}
      </Button>
      {mode === 'login' ? (
        <Link href="/forgot-password" className="text-center text-sm text-muted-foreground underline-offset-4 hover:underline">
          Forgot your password?
        </Link>
      ) : (
        <p className="text-center text-xs text-muted-foreground">
          By creating an account you agree to the{' '}
          <Link href="/terms" className="underline underline-offset-4">
            Terms
          </Link>{' '}
          and{' '}
          <Link href="/privacy" className="underline underline-offset-4">
            Privacy Policy
          </Link>
          .
        </p>
      )}
    </form>
  );
}

/** After "An account with this email already exists": the sign-in page, with this email and the prompt. */
function SignInInstead() {
  const search = useSearchParams();
  return (
    <Link
      href={authSwitchHref('login', search)}
      onClick={() => handOverTypedEmail()}
      className="font-medium text-foreground underline underline-offset-4"
      data-testid="sign-in-instead"
    >
      Sign in instead
    </Link>
  );
}

/** "Sign in" / "Create one": the other page, keeping the destination, the prompt and the email typed so far. */
export function SwitchModeLink({ to }: { to: Mode }) {
  const search = useSearchParams();
  const onClick = (e: MouseEvent) => {
    if (!e.defaultPrevented) handOverTypedEmail();
  };
  return (
    <Link
      href={authSwitchHref(to, search)}
      onClick={onClick}
      className="font-medium text-foreground underline-offset-4 hover:underline"
      data-testid={`go-${to}`}
    >
      {to === 'login' ? 'Sign in' : 'Create one'}
    </Link>
  );
}
