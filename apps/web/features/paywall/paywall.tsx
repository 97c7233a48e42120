'use client';
import { lazy, Suspense, useState } from 'react';
import type { Paywall } from '@sprout/core';
import { setModalParam, useModalParam } from '@/lib/browser/modal-param';
import { PAYWALL_MODALS, paywallModalValue } from './paywall-modals';

// The dialog itself (Radix Dialog, focus trap, scroll lock: ~10 KB gzip) is loaded the first time a
// paywall opens, not with every page of the shell.
const PaywallDialogView = lazy(() => import('./paywall-dialog'));

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
