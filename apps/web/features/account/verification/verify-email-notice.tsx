'use client';
import { useEffect } from 'react';
import { useAppServices } from '@/lib/api/services';
import { useAuth } from '@/lib/api/auth';
import { useAccountStatus } from '../queries';
import { QueryProvider } from '@/lib/api/query-provider';
import { ResendVerificationButton } from './resend-verification';

/**
 * The strip's working part (VerifyEmailBanner): the account query that may find the address verified
 * since the token was issued (another browser, another tab), and "Resend". Loaded only for those who
 * see the strip.
 */
export default function VerifyEmailActions({ onVerified }: { onVerified: () => void }) {
  return (
    <QueryProvider>
      <Actions onVerified={onVerified} />
    </QueryProvider>
  );
}

function Actions({ onVerified }: { onVerified: () => void }) {
  const { user } = useAuth();
  const { identity } = useAppServices();
  const account = useAccountStatus(true);
  const verified = account.data?.emailVerified === true;

  useEffect(() => {
    if (!verified) return;
    if (user && !user.emailVerified) identity.updateUser({ emailVerified: true });
    onVerified();
  }, [verified, user, identity, onVerified]);

  return <ResendVerificationButton />;
}
