'use client';
import { useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { Loader2 } from 'lucide-react';
import { useAppServices } from '@/lib/api/services';
import { syncServerSession } from '@/lib/api/session-sync';
import { rememberAccount } from '@/lib/api/known-account';
import { errorText } from '@/lib/api/error-text';
import { track } from '@/features/telemetry';
import { goTo, signInDestination } from './sign-in-redirect';
import { takeTabSecret } from './provider-sign-in';

/**
 * `/auth/complete?code=`: where the API sends the browser after a provider signed the person in. The
 * one-use code is traded for the session (tokens never travel in an address), then everything goes
 * as after the password form: the server session, then where the sign-in page was going, by the
 * same rules (no other site).
 */
export function CompleteSignIn() {
  const { identity, config } = useAppServices();
  const router = useRouter();
  const search = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = search.get('code') ?? '';
    // The code works once; out of the address so history and a reload do not hold a spent one.
    window.history.replaceState(null, '', '/auth/complete');
    void (async () => {
      try {
        // Only the tab that started the sign-in holds its secret: a code sent to another browser stops here.
        const secret = takeTabSecret();
        if (!code || !secret) throw new Error('This sign-in has expired. Please try again.');
        const done = await identity.completeProviderSignIn(code, secret);
        if (done.created) track('Onboarding', { step: 'signed_up' });
        await syncServerSession(config.loginEndpoint, await identity.getIdToken());
        rememberAccount();
        const where = new URLSearchParams();
        if (done.redirectUrl) where.set('redirectUrl', done.redirectUrl);
        if (done.prompt) where.set('prompt', done.prompt);
        goTo(signInDestination(where, config.redirectHosts), router);
      } catch (err) {
        setError(errorText(err));
      }
    })();
  }, [identity, config, router, search]);

  if (error)
    return (
      <div className="grid gap-4 text-center" data-testid="complete-sign-in-error">
        <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {error}
        </p>
        <Link href="/login" className="text-sm font-medium underline-offset-4 hover:underline">
          Back to sign in
        </Link>
      </div>
    );
  return (
    <div
      className="flex items-center justify-center gap-2 py-6 text-sm text-muted-foreground"
      role="status"
      aria-live="polite"
      data-testid="completing-sign-in"
    >
      <Loader2 className="size-4 animate-spin" aria-hidden="true" />
      Signing you in…
    </div>
  );
}
