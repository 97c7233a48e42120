'use client';
import { Fragment, type ReactNode } from 'react';
import { ToggleGroup } from 'radix-ui';
import { cn } from '@/lib/cn';

export interface Segment<T extends string> {
  value: T;
  label: ReactNode;
  ariaLabel?: string;
  testId?: string;
  /** Shown but not choosable (say why next to the control). */
  disabled?: boolean;
}

/**
 * A segmented control: one of a few options, always one chosen (arrow keys move between them).
 * `wrap` puts something around each option (a tooltip).
 */
export function Segmented<T extends string>({
  value,
  onChange,
  label,
  segments,
  className,
  itemClassName,
  wrap,
}: {
  value: T;
  onChange: (value: T) => void;
  label: string;
  segments: readonly Segment<T>[];
  className?: string;
  itemClassName?: string;
  wrap?: (item: ReactNode, segment: Segment<T>) => ReactNode;
}) {
  return (
    <ToggleGroup.Root type="single" value={value} onValueChange={(v) => v && onChange(v as T)} aria-label={label} className={cn('bg-muted', className)}>
      {segments.map((s) => {
        const item = (
          <ToggleGroup.Item
            value={s.value}
            aria-label={s.ariaLabel}
            disabled={s.disabled}
            data-testid={s.testId}
            className={cn(
              'text-muted-foreground outline-none focus-visible:ring-ring/50 data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-xs disabled:cursor-not-allowed disabled:opacity-50',
              itemClassName,
            )}
          >
            {s.label}
          </ToggleGroup.Item>
        );
        return <Fragment key={s.value}>{wrap ? wrap(item, s) : item}</Fragment>;
      })}
    </ToggleGroup.Root>
  );
}
