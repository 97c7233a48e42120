import type { UpgradeDestination } from '@sprout/core';
import type { PaywallModal } from './paywall-modals';

// The paywalls' texts, part of the dialog's chunk (./paywall-dialog), not of every page.
export interface PaywallCopy {
  title: string;
  body: string;
  destination: UpgradeDestination;
  source: string;
  limitType?: string;
}

export const COPY: Record<PaywallModal, PaywallCopy> = {
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
  'paywall-domains': {
    title: 'Use your own domain with Premium',
    body: 'The Free plan shows your app at its Sprout address. Upgrade to connect your own domain, such as shop.example.com.',
    destination: 'upgradeDomains',
    source: 'custom_domain_limit_reached',
  },
};
