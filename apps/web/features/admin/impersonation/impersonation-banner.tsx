'use client';
import { useImpersonation } from '@/lib/api/impersonation';
import { clientOnly } from '@/lib/browser/client-only';

// Only staff acting as someone ever see it: its code loads then.
const ImpersonationNotice = clientOnly(() => import('./impersonation-notice'));

/** While staff act as someone in this tab: who, how long is left, and Stop (impersonation-notice.tsx). */
export function ImpersonationBanner() {
  const acting = useImpersonation();
  return acting ? <ImpersonationNotice acting={acting} /> : null;
}
