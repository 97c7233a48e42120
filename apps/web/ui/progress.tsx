import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export interface ProgressProps extends Omit<ComponentProps<'div'>, 'children'> {
  /** 0–100; null or undefined: indeterminate. */
  value?: number | null;
}

/**
 * A determinate progress bar with the ARIA of Radix Progress (role, value range, value text, the
 * data-state it styles by), without its package in the first load of the pages that show one.
 */
export function Progress({ className, value, ...props }: ProgressProps) {
  const known = typeof value === 'number' && Number.isFinite(value);
  const v = known ? Math.min(100, Math.max(0, value)) : null;
  const state = v === null ? 'indeterminate' : v >= 100 ? 'complete' : 'loading';
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={v ?? undefined}
      aria-valuetext={v === null ? undefined : `${Math.round(v)}%`}
      data-state={state}
      data-value={v ?? undefined}
      data-max={100}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-primary/15', className)}
      {...props}
    >
      <div data-state={state} className="h-full w-full flex-1 bg-primary transition-transform" style={{ transform: `translateX(-${100 - (v ?? 0)}%)` }} />
    </div>
  );
}
