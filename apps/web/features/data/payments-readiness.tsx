'use client';
import type { AppPaymentList } from '@sprout/core/contract';
import { CheckCircle2, Circle } from 'lucide-react';
import { cn } from '@/lib/cn';
import { CopyButton } from '@/ui/copy-button';
import { readinessItems } from './payments';

/** What taking live payments needs (Stripe's key, its webhook's secret, a test that went through), and the webhook's address for Stripe. */
export function PaymentsReadiness({ list }: { list: AppPaymentList }) {
  return (
    <section aria-labelledby="payments-readiness-heading" className="grid gap-2 rounded-lg border p-3" data-testid="payments-readiness">
      <h4 id="payments-readiness-heading" className="text-sm font-medium">
        Before taking live payments
      </h4>
      <ul className="grid gap-1.5 text-sm">
        {readinessItems(list.readiness).map((item) => (
          <li key={item.key} className="flex items-start gap-2" data-done={item.done ? 'true' : 'false'} data-testid={`readiness-${item.key}`}>
            {item.done ? (
              <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            ) : (
              <Circle className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            )}
            <span className={cn('min-w-0 break-words', !item.done && 'text-muted-foreground')}>
              {item.label}
              <span className="sr-only">{item.done ? ': done' : ': not done yet'}</span>
            </span>
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted-foreground">Set the two secrets in the Functions tab, under Secrets, for live data.</p>
      {list.webhookUrl ? (
        <div className="grid gap-1">
          <p className="text-xs text-muted-foreground">
            In Stripe’s dashboard, add a webhook endpoint at this address (events <code>checkout.session.completed</code>,{' '}
            <code>checkout.session.async_payment_succeeded</code>, <code>charge.refunded</code>):
          </p>
          <div className="flex items-center gap-2">
            <code className="min-w-0 flex-1 break-all rounded bg-muted px-2 py-1.5 text-xs" data-testid="payments-webhook-url">
              {list.webhookUrl}
            </code>
            <CopyButton text={list.webhookUrl} label="Copy the webhook address" testId="payments-webhook-copy" className="size-8" />
          </div>
        </div>
      ) : (
        <p className="text-xs text-muted-foreground" data-testid="payments-webhook-pending">
          The webhook address to give Stripe appears here once the app is published.
        </p>
      )}
    </section>
  );
}
