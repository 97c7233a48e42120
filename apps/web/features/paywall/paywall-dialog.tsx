'use client';
import { useEffect } from 'react';
import Link from 'next/link';
import { usePathname, useSearchParams } from 'next/navigation';
import { Sparkles } from 'lucide-react';
import { TIER_ALLOWANCES, type PremiumTierId } from '@sprout/core';
import { checkoutHref, paywallReturnPath, paywallUpgradeHref, PlanPrice } from '@/features/billing';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/ui/dialog';
import { Button } from '@/ui/button';
import { QueryProvider } from '@/lib/api/query-provider';
import { useModalParam } from '@/lib/browser/modal-param';
import { track } from '@/features/telemetry';
import { COPY } from './paywall-copy';

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
              <li key={tier} data-testid={`paywall-plan-${tier}`}>
                {/* Each plan is a way straight to its checkout, which brings the person back here. */}
                <Link
                  href={checkoutHref(tier as PremiumTierId, paywallReturnPath(pathname, new URLSearchParams(search.toString())))}
                  onClick={() => setModal(null)}
                  className="flex items-center justify-between gap-3 rounded-md border px-3 py-2 outline-none hover:border-primary/60 hover:bg-primary/5 focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  data-testid="paywall-plan-link"
                >
                  <span className="grid">
                    <span className="font-medium">Premium {allowance}</span>
                    <span className="text-xs text-muted-foreground">{allowance} messages a month · unlimited projects</span>
                  </span>
                  <PlanPrice tier={tier} className="shrink-0 text-right font-medium" />
                </Link>
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
