'use client';
import type { ReactNode } from 'react';
import type { TierId } from '@sprout/core';
import { cn } from '@/lib/cn';
import { limitText, pricingPlans, type PlanInfo, PlanPrice } from '@/features/billing';

const PLANS = pricingPlans();

/** Every plan's limits side by side, the current plan's column marked. */
export function ComparisonTable({ current }: { current: TierId | null }) {
  const rows: { label: string; value: (p: PlanInfo) => ReactNode }[] = [
    { label: 'Price', value: (p) => <PlanPrice tier={p.tier} className="font-medium" /> },
    { label: 'Projects', value: (p) => limitText(p.limits.projects) },
    { label: 'Messages a day', value: (p) => (p.limits.dailyMessages === null ? 'No limit' : limitText(p.limits.dailyMessages)) },
    { label: 'Messages a month', value: (p) => limitText(p.limits.monthlyMessages) },
    { label: 'Published apps', value: (p) => limitText(p.publishedApps) },
  ];
  return (
    <section aria-labelledby="compare-heading" className="w-full">
      <h2 id="compare-heading" className="mb-4 text-center text-2xl font-semibold tracking-tight">
        Compare plans
      </h2>
      <div className="overflow-x-auto rounded-2xl border bg-card" tabIndex={0} role="region" aria-labelledby="compare-heading">
        <table className="w-full min-w-[36rem] text-sm">
          <thead>
            <tr className="border-b text-left">
              <th scope="col" className="px-4 py-3 font-medium text-muted-foreground">
                <span className="sr-only">Limit</span>
              </th>
              {PLANS.map((p) => (
                <th key={p.tier} scope="col" className={cn('px-4 py-3 font-semibold', current === p.tier && 'text-primary')}>
                  {p.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label} className="border-b last:border-0">
                <th scope="row" className="px-4 py-3 text-left font-medium text-muted-foreground">
                  {row.label}
                </th>
                {PLANS.map((p) => (
                  <td key={p.tier} className={cn('px-4 py-3 tabular-nums', current === p.tier && 'bg-primary/5 font-medium')}>
                    {row.value(p)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The plans table with the signed-in person's plan marked and the right action per plan. */
