'use client';
import { useEffect } from 'react';
import Link from 'next/link';
import { usePathname, useSearchParams } from 'next/navigation';
import { Sparkles } from 'lucide-react';
import { TIER_ALLOWANCES, upgradePath, type Paywall, type UpgradeDestination } from '@sprout/core';
import { paywallUpgradeHref } from '@/components/billing/return-to';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { setModalParam, useModalParam } from '@/lib/client/modal-param';
import { track } from '@/lib/client/analytics';

interface PaywallCopy {
  title: string;
  body: string;
  destination: UpgradeDestination;
  source: string;
  limitType?: string;
}

const COPY: Record<string, PaywallCopy> = {
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
  const [modal, setModal] = useModalParam();
  const pathname = usePathname();
  const search = useSearchParams();
  const copy = modal ? COPY[modal] : undefined;

  useEffect(() => {
    if (copy) track('Paywall Displayed', { source: copy.source, limitType: copy.limitType, destination: copy.destination });
  }, [copy]);

  return (
    <Dialog open={!!copy} onOpenChange={(open) => !open && setModal(null)}>
      {copy ? (
        <DialogContent data-testid="paywall" data-source={copy.source} data-limit-type={copy.limitType ?? ''}>
          <DialogHeader>
            <div className="mb-1 flex size-10 items-center justify-center rounded-full bg-primary/15 text-primary">
              <Sparkles className="size-5" />
            </div>
            <DialogTitle>{copy.title}</DialogTitle>
            <DialogDescription>{copy.body}</DialogDescription>
          </DialogHeader>
          <ul className="grid gap-2 text-sm">
            {Object.entries(TIER_ALLOWANCES).map(([tier, allowance]) => (
              <li key={tier} className="flex items-center justify-between rounded-md border px-3 py-2">
                <span className="font-medium">Premium {allowance}</span>
                <span className="text-muted-foreground">{allowance} messages a month · unlimited projects</span>
              </li>
            ))}
          </ul>
          <DialogFooter>
            <Button variant="outline" onClick={() => setModal(null)}>
              Not now
            </Button>
            <Button asChild data-testid="paywall-upgrade">
              <Link href={paywallUpgradeHref(copy.destination, pathname, new URLSearchParams(search.toString()))} onClick={() => setModal(null)}>
                See plans
              </Link>
            </Button>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
