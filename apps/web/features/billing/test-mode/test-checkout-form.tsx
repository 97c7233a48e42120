'use client';
import type { TestCheckout } from '@sprout/core/contract';
import Link from 'next/link';
import { CheckCircle2, CreditCard, Crown, LoaderCircle } from 'lucide-react';
import { PlanSummaryList } from '../plan-section';
import { PlanPrice } from '../plan-price';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { returnToQuery } from '../return-to';

/** The order (plan, what it includes, nothing due) and "Pay" of an open test checkout. */
export function TestCheckoutForm({ c, paying, onPay }: { c: TestCheckout; paying: boolean; onPay: () => void }) {
  return (
    <div className="grid overflow-hidden rounded-2xl border bg-card shadow-sm md:grid-cols-2" data-testid="test-checkout" data-tier={c.tierType}>
      <section aria-labelledby="order-heading" className="grid content-start gap-5 border-b bg-muted/30 p-5 sm:p-7 md:border-r md:border-b-0">
        <div>
          <p className="text-sm text-muted-foreground">Subscribe to</p>
          <h1 id="order-heading" className="mt-1 flex items-center gap-2 text-2xl font-semibold tracking-tight" data-testid="test-checkout-plan">
            <Crown className="size-5 text-primary" aria-hidden="true" /> {c.planLabel}
          </h1>
          {c.direction === 'upgrade' ? <Badge className="mt-2">Upgrade</Badge> : null}
        </div>
        <PlanSummaryList tier={c.tierType} className="gap-2" icon={CheckCircle2} iconClassName="size-4" />
        <dl className="grid gap-2 border-t pt-4 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">Price</dt>
            <dd>
              <PlanPrice tier={c.tierType} className="font-medium" />
            </dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">Billing</dt>
            <dd>Renews automatically</dd>
          </div>
          <div className="flex justify-between gap-3 font-semibold">
            <dt>Due today</dt>
            <dd data-testid="test-checkout-total">Nothing — test mode</dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby="pay-heading" className="grid content-start gap-5 p-5 sm:p-7">
        <h2 id="pay-heading" className="font-semibold">
          Payment
        </h2>
        <div className="flex items-center gap-3 rounded-lg border border-dashed p-3 text-sm">
          <CreditCard className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
          <div>
            <p className="font-medium">Test card</p>
            <p className="text-muted-foreground">No card needed and nothing is charged.</p>
          </div>
        </div>
        <Button size="lg" className="w-full" onClick={onPay} disabled={paying} data-testid="test-checkout-pay">
          {paying ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          Pay and subscribe (test)
        </Button>
        <Button asChild variant="ghost" className="w-full">
          <Link href={`/go-to-checkout?tier=${c.tierType}${returnToQuery(c.returnTo)}&canceled=1`} data-testid="test-checkout-cancel">
            Cancel
          </Link>
        </Button>
        <p className="text-xs text-muted-foreground">
          This link is yours alone and works once, until {new Date(c.expiresAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}.
        </p>
      </section>
    </div>
  );
}
