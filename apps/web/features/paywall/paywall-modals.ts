import type { Paywall } from '@sprout/core';

// Apart from ./paywall so that the dialog's texts (./paywall-copy) can name the modals without
// importing the component that loads them.

/** The `modal` values that open a paywall (their texts: ./paywall-copy, loaded with the dialog). */
export const PAYWALL_MODALS = ['paywall-projects', 'paywall-messages-daily', 'paywall-messages-monthly', 'paywall-deployments', 'paywall-domains'] as const;
export type PaywallModal = (typeof PAYWALL_MODALS)[number];

/** The `modal` value for a paywall the API or a core rule returned. */
export function paywallModalValue(p: Paywall | { source: string; limitType?: string }): PaywallModal {
  if (p.source === 'project_limit_reached') return 'paywall-projects';
  if (p.source === 'deployment_limit_reached') return 'paywall-deployments';
  if (p.source === 'custom_domain_limit_reached') return 'paywall-domains';
  return (p as { limitType?: string }).limitType === 'monthly' ? 'paywall-messages-monthly' : 'paywall-messages-daily';
}
