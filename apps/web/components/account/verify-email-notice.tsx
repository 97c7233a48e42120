'use client';
import { useEffect } from 'react';
import { MailWarning } from 'lucide-react';
import { useAppServices } from '@/lib/client/app-context';
import { useAuth } from '@/lib/client/auth';
import { useAccountStatus } from '@/lib/client/account';
import { QueryProvider } from '@/components/query-provider';
import { ResendVerificationButton } from './resend-verification';

/** The strip itself, for a signed-in person whose token says unverified (see VerifyEmailBanner). */
export default function VerifyEmailNotice() {
  return (
    <QueryProvider>
      <Notice />
    </QueryProvider>
  );
}

function Notice() {
  const { user } = useAuth();
  const { identity } = useAppServices();
  const account = useAccountStatus(true);
  const verified = account.data?.emailVerified === true;

  useEffect(() => {
    if (verified && user && !user.emailVerified) identity.updateUser({ emailVerified: true });
  }, [verified, user, identity]);

  if (!account.data || verified) return null;
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
