'use client';
import type { AppPayment, Dataset } from '@sprout/core/contract';
import { useId, useState } from 'react';
import { ChevronRight } from 'lucide-react';
import { cn } from '@/lib/cn';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { RelativeTime } from '@/ui/relative-time';
import { useRefundPayment } from './payment-queries';
import { formatMoney, itemsSummary, newestFirst, refundLabel } from './payments';

const STATUS: Record<AppPayment['status'], { label: string; className: string }> = {
  paid: { label: 'Paid', className: 'border-transparent bg-primary/15 text-primary' },
  refunded: { label: 'Refunded', className: 'border-transparent bg-secondary text-secondary-foreground' },
};

const EMPTY: Record<Dataset, string> = {
  test: 'No payments yet. Checkouts in the preview go through a test checkout page: no card, no money.',
  live: 'No live payments yet. Orders paid in your published app appear here.',
};

/** The dataset's orders, newest first, each with a refund while it is paid; a row opens to its items and metadata. */
export function PaymentList({ sproutId, dataset, payments }: { sproutId: string; dataset: Dataset; payments: AppPayment[] }) {
  const refund = useRefundPayment(sproutId, dataset);
  const [confirming, setConfirming] = useState<AppPayment | null>(null);
  if (payments.length === 0)
    return (
      <p className="text-sm text-muted-foreground" data-testid="payments-empty">
        {EMPTY[dataset]}
      </p>
    );
  return (
    <>
      <ul className="divide-y rounded-lg border" data-testid="payment-list">
        {newestFirst(payments).map((p) => (
          <PaymentRow key={p.id} payment={p} refunding={refund.isPending && refund.variables === p.id} onRefund={() => setConfirming(p)} />
        ))}
      </ul>
      <ConfirmDialog
        open={!!confirming}
        onOpenChange={(o) => (o ? undefined : setConfirming(null))}
        title="Refund this payment?"
        description={
          confirming
            ? `${itemsSummary(confirming.items)}, ${formatMoney(confirming.amount, confirming.currency)}, is refunded in full${
                dataset === 'live' ? ' through your Stripe account' : ' (test data: no money moves)'
              }. This cannot be undone.`
            : ''
        }
        confirmLabel="Refund"
        confirmTestId="payment-refund-confirm"
        onConfirm={() => {
          if (confirming) refund.mutate(confirming.id);
          setConfirming(null);
        }}
      />
    </>
  );
}

function PaymentRow({ payment: p, refunding, onRefund }: { payment: AppPayment; refunding: boolean; onRefund: () => void }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const status = STATUS[p.status];
  return (
    <li className="grid gap-1 px-3 py-2 text-sm" data-testid="payment" data-status={p.status}>
      <div className="flex items-start gap-2">
        <button
          type="button"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={open ? detailsId : undefined}
          className="-mx-1 flex min-w-0 flex-1 items-start gap-1 rounded-md px-1 text-left font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          data-testid="payment-toggle"
        >
          <ChevronRight className={cn('mt-0.5 size-4 shrink-0 text-muted-foreground transition-transform', open && 'rotate-90')} aria-hidden="true" />
          <span className="min-w-0 break-words">{itemsSummary(p.items)}</span>
        </button>
        <span className="shrink-0 font-medium tabular-nums" data-testid="payment-amount">
          {formatMoney(p.amount, p.currency)}
        </span>
        <Badge variant="outline" className={cn('shrink-0', status.className)} data-testid="payment-status">
          {status.label}
        </Badge>
      </div>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 pl-5 text-xs text-muted-foreground">
        {p.customerEmail ? (
          <span className="min-w-0 break-all text-foreground" data-testid="payment-email">
            {p.customerEmail}
          </span>
        ) : null}
        <RelativeTime iso={p.paidAt ?? p.createdAt} prefix="paid" />
        {p.refundedAt ? <RelativeTime iso={p.refundedAt} prefix="· refunded" /> : null}
        {p.status === 'paid' ? (
          <Button variant="outline" size="sm" className="ml-auto h-7" aria-label={refundLabel(p)} disabled={refunding} onClick={onRefund}>
            Refund
          </Button>
        ) : null}
      </div>
      {open ? <PaymentDetails id={detailsId} payment={p} /> : null}
    </li>
  );
}

function PaymentDetails({ id, payment: p }: { id: string; payment: AppPayment }) {
  const metadata = Object.entries(p.metadata);
  return (
    <div id={id} className="ml-5 grid gap-2 rounded bg-muted p-2 text-xs" data-testid="payment-details">
      <ul className="grid gap-0.5">
        {p.items.map((i, n) => (
          // Items have no id of their own and an order's items never change.
          <li key={`${n}:${i.name}`} className="flex gap-2">
            <span className="min-w-0 flex-1 break-words">{i.name}</span>
            <span className="shrink-0 tabular-nums text-muted-foreground">
              {i.quantity} × {formatMoney(i.amount, i.currency)}
            </span>
          </li>
        ))}
      </ul>
      {metadata.length ? (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5">
          {metadata.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="break-all font-medium">{k}</dt>
              <dd className="break-words">{v}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <p className="break-all text-muted-foreground">
        Order <code>{p.id}</code>
      </p>
    </div>
  );
}
