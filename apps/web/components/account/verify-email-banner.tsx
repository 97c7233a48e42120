'use client';
import { usePathname } from 'next/navigation';
import { useAuth } from '@/lib/client/auth';
import { clientOnly } from '@/lib/client/client-only';

// The strip, its account query and its resend button load only for someone who may need them.
const VerifyEmailNotice = clientOnly(() => import('./verify-email-notice'));

/**
 * Until the address is verified, a strip under the header says so and offers "Resend". The ID
 * token's claim decides whether to ask; the API's answer decides whether to show (the address may
 * have been verified in another browser since the token was issued). Not in the project workspace,
 * which fills the screen, nor on the page that verifies.
 */
export function VerifyEmailBanner() {
  const { status, user } = useAuth();
  const pathname = usePathname() ?? '/';
  const hidden = pathname.startsWith('/verify-email') || /^\/build\/(?!magic\/)[^/]+/.test(pathname);
  const unverified = status === 'signed-in' && !!user && !user.emailVerified;
  if (!unverified || hidden) return null;
  return <VerifyEmailNotice />;
}
