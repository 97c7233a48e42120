'use client';
import { CircleCheck, CircleDashed, CircleX } from 'lucide-react';
import type { ChecklistItem } from '@sprout/core/contract';
import { cn } from '@/lib/cn';

const LOOK = {
  passed: { Icon: CircleCheck, label: 'passed', className: 'text-primary' },
  failed: { Icon: CircleX, label: 'failed', className: 'text-destructive' },
  'not-built': { Icon: CircleDashed, label: 'not built', className: 'text-muted-foreground' },
} as const;

/** The plan's checklist as the build's behaviour checks ended: each item passed, failed or not built. */
export function PlanChecklist({ items }: { items: readonly ChecklistItem[] }) {
  const passed = items.filter((i) => i.status === 'passed').length;
  return (
    <section aria-label="Plan checklist" data-testid="plan-checklist" className="mt-2 grid gap-1 rounded-lg border px-3 py-2 text-sm">
      <p className="text-xs font-medium text-muted-foreground">
        Plan checklist: {passed} of {items.length} passed
      </p>
      <ul className="grid gap-0.5">
        {items.map(({ item, status }) => {
          const { Icon, label, className } = LOOK[status];
          return (
            <li key={item} className="flex items-start gap-1.5" data-status={status}>
              <Icon className={cn('mt-0.5 size-3.5 shrink-0', className)} aria-hidden="true" />
              <span className="min-w-0">
                {item} {status === 'passed' ? <span className="sr-only">({label})</span> : <span className={cn('text-xs', className)}>{label}</span>}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
