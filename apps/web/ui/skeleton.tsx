import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}

/**
 * Placeholder bars (one per class name) in the shape of what is loading, then `children`. With a
 * `label` the group is the busy region a screen reader announces; `busy` false keeps the label but
 * not the busy state (a hidden tab that is not loading yet).
 */
export function Skeletons({
  bars = [],
  label,
  busy = true,
  className,
  testId,
  children,
}: {
  bars?: readonly string[];
  label?: string;
  busy?: boolean;
  className?: string;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <div className={cn('grid gap-2', className)} aria-busy={label && busy ? 'true' : undefined} aria-label={label} data-testid={testId}>
      {bars.map((b, i) => (
        <Skeleton key={i} className={b} />
      ))}
      {children}
    </div>
  );
}
