'use client';
import { lazy, Suspense, useState } from 'react';
import type { Paywall } from '@sprout/core';
import { setModalParam, useModalParam } from '@/lib/client/modal-param';

// The dialog itself (Radix Dialog, focus trap, scroll lock: ~10 KB gzip) is loaded the first time a
// paywall opens, not with every page of the shell.
const PaywallDialogView = lazy(() => import('./paywall-dialog'));

/** The `modal` values that open a paywall (their texts: ./paywall-copy, loaded with the dialog). */
export const PAYWALL_MODALS = ['paywall-projects', 'paywall-messages-daily', 'paywall-messages-monthly', 'paywall-deployments'] as const;
export type PaywallModal = (typeof PAYWALL_MODALS)[number];

/** The `modal` value for a paywall the API or a core rule returned. */
export function paywallModalValue(p: Paywall | { source: string; limitType?: string }): PaywallModal {
  if (p.source === 'project_limit_reached') return 'paywall-projects';
  if (p.source === 'deployment_limit_reached') return 'paywall-deployments';
  return (p as { limitType?: string }).limitType === 'monthly' ? 'paywall-messages-monthly' : 'paywall-messages-daily';
}

export function openPaywall(p: Paywall | { source: string; limitType?: string }): void {
  setModalParam(paywallModalValue(p));
}

/** Mounted once in the shell; opens whenever `?modal=paywall-…` is present. */
export function PaywallDialog() {
  const [modal] = useModalParam();
  const wanted = !!modal && (PAYWALL_MODALS as readonly string[]).includes(modal);
  // Once loaded it stays mounted, so closing animates like any dialog.
  const [loaded, setLoaded] = useState(wanted);
  if (wanted && !loaded) setLoaded(true);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <PaywallDialogView />
    </Suspense>
  );
}
