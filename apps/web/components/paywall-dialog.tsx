'use client';
import { useEffect } from 'react';
import Link from 'next/link';
import { usePathname, useSearchParams } from 'next/navigation';
import { Sparkles } from 'lucide-react';
import { TIER_ALLOWANCES } from '@sprout/core';
import { paywallUpgradeHref } from '@/components/billing/return-to';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { QueryProvider } from '@/components/query-provider';
import { useModalParam } from '@/lib/client/modal-param';
import { track } from '@/lib/client/analytics';
import { COPY } from './paywall-copy';
import { PlanPrice } from './pricing/plan-price';

/** The paywall dialog, loaded by ./paywall's PaywallDialog the first time a paywall opens (prices come through TanStack Query). */
export default function PaywallDialogView() {
  return (
    <QueryProvider>
      <PaywallDialogContent />
    </QueryProvider>
  );
}

function PaywallDialogContent() {
  const [modal, setModal] = useModalParam();
  const pathname = usePathname();
  const search = useSearchParams();
  const copy = modal && Object.hasOwn(COPY, modal) ? COPY[modal as keyof typeof COPY] : undefined;

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
              <li key={tier} className="flex items-center justify-between gap-3 rounded-md border px-3 py-2" data-testid={`paywall-plan-${tier}`}>
                <span className="grid">
                  <span className="font-medium">Premium {allowance}</span>
                  <span className="text-xs text-muted-foreground">{allowance} messages a month · unlimited projects</span>
                </span>
                <PlanPrice tier={tier} className="shrink-0 text-right font-medium" />
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
