'use client';
import { lazy, Suspense, useState } from 'react';
import type { Paywall, UpgradeDestination } from '@sprout/core';
import { setModalParam, useModalParam } from '@/lib/client/modal-param';

// The dialog itself (Radix Dialog, focus trap, scroll lock: ~10 KB gzip) is loaded the first time a
// paywall opens, not with every page of the shell.
const PaywallDialogView = lazy(() => import('./paywall-dialog'));

export interface PaywallCopy {
  title: string;
  body: string;
  destination: UpgradeDestination;
  source: string;
  limitType?: string;
}

export const COPY: Record<string, PaywallCopy> = {
  'paywall-projects': {
    title: 'You have reached your project limit',
    body: 'The Free plan includes 5 projects. Upgrade to Premium for unlimited projects, or delete a project you no longer need.',
    destination: 'upgradeProjects',
    source: 'project_limit_reached',
  },
  'paywall-messages-daily': {
    title: 'You have used today’s messages',
    body: 'The Free plan includes 5 messages a day. Upgrade to Premium to keep building now — no daily cap.',
    destination: 'upgradeMessages',
    source: 'message_limit_reached',
    limitType: 'daily',
  },
  'paywall-messages-monthly': {
    title: 'You have used this month’s messages',
    body: 'Your plan’s monthly messages are used up. Upgrade for a bigger monthly allowance.',
    destination: 'upgradeMessages',
    source: 'message_limit_reached',
    limitType: 'monthly',
  },
  'paywall-deployments': {
    title: 'Publish more apps with Premium',
    body: 'The Free plan includes 1 published app. Upgrade to publish more, or unpublish another app first.',
    destination: 'upgradeDeployments',
    source: 'deployment_limit_reached',
  },
};

/** The `modal` value for a paywall the API or a core rule returned. */
export function paywallModalValue(p: Paywall | { source: string; limitType?: string }): string {
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
  const wanted = !!modal && Object.hasOwn(COPY, modal);
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
