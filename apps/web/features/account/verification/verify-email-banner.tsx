'use client';
import { useCallback, useState } from 'react';
import { usePathname } from 'next/navigation';
import { MailWarning } from 'lucide-react';
import { useAuth } from '@/lib/api/auth';
import { clientOnly } from '@/lib/browser/client-only';
import { isWorkspacePath } from '@/lib/workspace-path';

// The account query and the resend button load only for someone who sees the strip; a stand-in of
// the button's size holds its place meanwhile, so nothing moves when it arrives.
const VerifyEmailActions = clientOnly(() => import('./verify-email-notice'), <div className="h-8 sm:w-24" aria-hidden="true" />);

/**
 * Until the address is verified, a strip under the header says so and offers "Resend". The ID
 * token's claim decides, so the strip is there as soon as the page knows who is signed in (it used
 * to wait for the API and its own code, and pushed the page down under a reader's finger); the API's
 * answer can still take it away (verified in another browser since the token was issued). Not in the
 * project workspace, which fills the screen, nor on the page that verifies.
 */
export function VerifyEmailBanner() {
  const { status, user } = useAuth();
  const pathname = usePathname() ?? '/';
  const [verifiedElsewhere, setVerifiedElsewhere] = useState(false);
  const onVerified = useCallback(() => setVerifiedElsewhere(true), []);
  const hidden = pathname.startsWith('/verify-email') || isWorkspacePath(pathname);
  if (status !== 'signed-in' || !user || user.emailVerified || verifiedElsewhere || hidden) return null;
  return (
    <div role="region" aria-label="Email verification" data-testid="verify-email-banner" className="border-b border-warning/40 bg-warning/10">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-2 text-sm sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-2">
          <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            Please verify your email address. We sent a link to <span className="font-medium break-all">{user.email}</span>.
          </span>
        </p>
        <VerifyEmailActions onVerified={onVerified} />
      </div>
    </div>
  );
}
