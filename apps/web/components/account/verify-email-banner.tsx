'use client';
import { useEffect } from 'react';
import { usePathname } from 'next/navigation';
import { MailWarning } from 'lucide-react';
import { useAppServices } from '@/lib/client/app-context';
import { useAuth } from '@/lib/client/auth';
import { useAccountStatus } from '@/lib/client/account';
import { ResendVerificationButton } from './resend-verification';

/**
 * Until the address is verified, a strip under the header says so and offers "Resend". The ID
 * token's claim decides whether to ask; the API's answer decides whether to show (the address may
 * have been verified in another browser since the token was issued). Not in the project workspace,
 * which fills the screen, nor on the page that verifies.
 */
export function VerifyEmailBanner() {
  const { status, user } = useAuth();
  const { identity } = useAppServices();
  const pathname = usePathname() ?? '/';
  const hidden = pathname.startsWith('/verify-email') || /^\/build\/(?!magic\/)[^/]+/.test(pathname);
  const unverified = status === 'signed-in' && !!user && !user.emailVerified;
  const account = useAccountStatus(unverified && !hidden);
  const verified = account.data?.emailVerified === true;

  useEffect(() => {
    if (verified && user && !user.emailVerified) identity.updateUser({ emailVerified: true });
  }, [verified, user, identity]);

  if (!unverified || hidden || !account.data || verified) return null;
  return (
    <div role="region" aria-label="Email verification" data-testid="verify-email-banner" className="border-b border-warning/40 bg-warning/10">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-2 text-sm sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-2">
          <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            Please verify your email address. We sent a link to <span className="font-medium break-all">{account.data.email}</span>.
          </span>
        </p>
        <ResendVerificationButton />
      </div>
    </div>
  );
}
