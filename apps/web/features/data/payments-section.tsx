'use client';
import type { AppPaymentList, Dataset } from '@sprout/core/contract';
import { CheckCircle2 } from 'lucide-react';
import { QueryLoadError } from '@/ui/load-error';
import { Skeletons } from '@/ui/skeleton';
import { PaymentList } from './payment-list';
import { usePayments } from './payment-queries';
import { PaymentsReadiness } from './payments-readiness';
import { readinessView, totalsLines } from './payments';

/**
 * The app's orders (payments.checkout in its pages) as its owner sees them, for the dataset shown:
 * the totals, each order with a refund, and in live data what taking real payments still needs.
 */
export function PaymentsSection({ sproutId, dataset, enabled, live }: { sproutId: string; dataset: Dataset; enabled: boolean; live: boolean }) {
  const payments = usePayments(sproutId, dataset, { enabled, live });

  let body;
  if (payments.isError && !payments.data) body = <QueryLoadError query={payments} layout="box" title="The payments did not load" />;
  else if (!payments.data)
    body = <Skeletons label="Loading the payments" busy={enabled} bars={['h-5 w-full sm:w-80', 'h-14 w-full rounded-lg', 'h-14 w-full rounded-lg']} />;
  else
    body = (
      <>
        <Readiness list={payments.data} dataset={dataset} />
        {payments.data.totals.count > 0 ? <Totals totals={payments.data.totals} /> : null}
        <PaymentList sproutId={sproutId} dataset={dataset} payments={payments.data.payments} />
      </>
    );

  return (
    <section aria-labelledby="payments-heading" className="grid min-w-0 gap-2" data-testid="payments-section">
      <h3 id="payments-heading" className="text-sm font-medium">
        Payments
      </h3>
      <p className="text-xs text-muted-foreground">
        {dataset === 'test' ? 'Orders paid in the preview (test: no money moves)' : 'Orders paid in your published app, through your Stripe account'}, newest
        first.
      </p>
      {body}
    </section>
  );
}

function Readiness({ list, dataset }: { list: AppPaymentList; dataset: Dataset }) {
  const view = readinessView(list, dataset);
  if (view === 'none') return null;
  if (view === 'checklist') return <PaymentsReadiness list={list} />;
  return (
    <p className="flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="payments-ready">
      <CheckCircle2 className="size-4 shrink-0 text-primary" aria-hidden="true" />
      Ready for live payments: Stripe is connected and its events arrive.
    </p>
  );
}

function Totals({ totals }: { totals: AppPaymentList['totals'] }) {
  const lines = totalsLines(totals);
  return (
    <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm" data-testid="payments-totals">
      <Total term="Orders" value={lines.orders} testId="payments-count" />
      <Total term="Paid" value={lines.paid} testId="payments-paid" />
      {lines.refunded ? <Total term="Refunded" value={lines.refunded} testId="payments-refunded" /> : null}
    </dl>
  );
}

function Total({ term, value, testId }: { term: string; value: string; testId: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="break-words font-medium tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
