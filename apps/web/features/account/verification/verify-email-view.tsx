'use client';
import { useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { CheckCircle2, CircleAlert, Loader2 } from 'lucide-react';
import type { VerifiedEmail } from '@sprout/core/contract';
import { useAuth } from '@/lib/api/auth';
import { useAccountCalls, useRefreshAccount } from '../queries';
import { errorText } from '@/lib/api/error-text';
import { Button } from '@/ui/button';
import { ResendVerificationButton } from './resend-verification';

type State = { kind: 'verifying' } | { kind: 'done'; answer: VerifiedEmail } | { kind: 'failed'; message: string };

/**
 * Opens a mailed link: verifies the address, or moves the account to the new one. Works signed in
 * or not (the link is the proof); signed in, the session picks up the new address at once.
 */
export function VerifyEmailView() {
  const token = useSearchParams().get('token') ?? '';
  const calls = useAccountCalls();
  const { status } = useAuth();
  const refresh = useRefreshAccount();
  const [state, setState] = useState<State>({ kind: 'verifying' });
  // A link works once: the request is sent once per page, whatever re-renders.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current || status === 'uninitialised') return;
    sent.current = true;
    calls
      .confirmEmail(token)
      .then(async (answer) => {
        if (status === 'signed-in') await refresh();
        setState({ kind: 'done', answer });
      })
      .catch((err: unknown) => setState({ kind: 'failed', message: errorText(err, { status: 'none', otherwise: 'Could not verify your email address.' }) }));
  }, [token, status, calls, refresh]);

  if (!token) {
    return (
      <div className="grid gap-3 text-center text-sm" data-testid="verify-email-missing">
        <p>This link is incomplete. Open the link from the e-mail again, or send a new one from Settings.</p>
        <Link href="/settings" className="underline underline-offset-4">
          Go to Settings
        </Link>
      </div>
    );
  }
  if (state.kind === 'verifying') {
    return (
      <p className="flex items-center justify-center gap-2 text-sm text-muted-foreground" role="status" data-testid="verify-email-progress">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Verifying your email address…
      </p>
    );
  }
  if (state.kind === 'failed') {
    return (
      <div className="grid gap-4 text-center" role="alert" data-testid="verify-email-failed">
        <CircleAlert className="mx-auto size-8 text-destructive" aria-hidden="true" />
        <p className="text-sm">{state.message}</p>
        {status === 'signed-in' ? (
          <div className="flex flex-wrap justify-center gap-2">
            <ResendVerificationButton testId="verify-email-page-resend" />
            <Button asChild size="sm" variant="ghost">
              <Link href="/settings">Settings</Link>
            </Button>
          </div>
        ) : (
          <Button asChild>
            <Link href="/login?redirectUrl=%2Fsettings">Sign in to send a new link</Link>
          </Button>
        )}
      </div>
    );
  }
  const { answer } = state;
  return (
    <div className="grid gap-4 text-center" role="status" data-testid="verify-email-done" data-changed={answer.changed}>
      <CheckCircle2 className="mx-auto size-8 text-primary" aria-hidden="true" />
      <p className="text-sm">
        {answer.changed ? 'Your email address is now ' : 'Your email address is verified: '}
        <span className="font-medium break-all">{answer.email}</span>.{answer.changed ? ' Sign in with it from now on.' : ''}
      </p>
      <Button asChild>
        <Link href={status === 'signed-in' ? '/build' : '/login'}>{status === 'signed-in' ? 'Go to your projects' : 'Sign in'}</Link>
      </Button>
    </div>
  );
}
