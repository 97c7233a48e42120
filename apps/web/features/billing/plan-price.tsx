'use client';
import { cn } from '@/lib/cn';
import { usePriceLabel } from './prices';

const UNKNOWN_PRICE = 'Price shown at checkout';

/**
 * A plan's price where the plan is offered. `large`: the amount big with its period beside it
 * (plan cards); `inline`: one line of text. `data-amount` is the amount in the smallest unit.
 */
export function PlanPrice({ tier, variant = 'inline', className }: { tier: string; variant?: 'large' | 'inline'; className?: string }) {
  const label = usePriceLabel(tier);
  const testId = `plan-price-${tier}`;
  if (label.state === 'loading') {
    // A span: the price sits inside paragraphs and table cells.
    return (
      <span
        className={cn('inline-block animate-pulse rounded-md bg-muted align-middle', variant === 'large' ? 'h-9 w-24' : 'h-4 w-16', className)}
        role="status"
        aria-label="Loading the price"
        data-testid={testId}
      />
    );
  }
  if (label.state === 'unknown') {
    return (
      <span className={cn('text-sm text-muted-foreground', className)} data-testid={testId} data-amount="">
        {UNKNOWN_PRICE}
      </span>
    );
  }
  if (variant === 'large') {
    return (
      <p className={cn('flex flex-wrap items-baseline gap-x-1', className)} data-testid={testId} data-amount={label.minor}>
        <span className="text-3xl font-semibold tracking-tight tabular-nums">{label.amount}</span>
        <span className="text-sm whitespace-nowrap text-muted-foreground">{label.per}</span>
      </p>
    );
  }
  return (
    <span className={cn('tabular-nums', className)} data-testid={testId} data-amount={label.minor}>
      {label.text}
    </span>
  );
}
