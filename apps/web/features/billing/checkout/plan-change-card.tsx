import { ArrowRight, Crown } from 'lucide-react';
import { planLabel, planLimits, publishedAppLimit, type TierId } from '@sprout/core';
import { limitText } from '../plan-data';
import { PlanPrice } from '../plan-price';

function Row({ label, from, to }: { label: string; from: string; to: string }) {
  const changed = from !== to;
  return (
    <div className="grid grid-cols-[1fr_auto] items-center gap-3 py-2.5 text-sm sm:grid-cols-[10rem_1fr]">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="flex items-center justify-end gap-2 tabular-nums sm:justify-start">
        {changed ? (
          <>
            <span className="text-muted-foreground line-through decoration-muted-foreground/50">{from}</span>
            <ArrowRight className="size-3.5 text-muted-foreground" aria-label="to" />
          </>
        ) : null}
        <span className={changed ? 'font-semibold' : undefined}>{to}</span>
      </dd>
    </div>
  );
}

/** The plan being bought, and what changes from the current one (struck through where it differs). */
export function PlanChangeCard({ current, tier }: { current: TierId; tier: TierId }) {
  const from = planLimits(current);
  const to = planLimits(tier);
  const fromPublished = publishedAppLimit(current);
  const toPublished = publishedAppLimit(tier);
  return (
    <div className="mt-6 rounded-xl border bg-muted/30 p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-xl bg-primary/15 text-primary">
          <Crown className="size-5" aria-hidden="true" />
        </span>
        <div>
          <p className="font-semibold" data-testid="checkout-plan">
            {planLabel(tier)}
          </p>
          <p className="text-sm text-muted-foreground">{limitText(to.monthlyMessages)} messages a month</p>
        </div>
        <PlanPrice tier={tier} className="ml-auto font-semibold" />
      </div>
      <h2 className="mt-5 text-xs font-medium tracking-wide text-muted-foreground uppercase">What changes</h2>
      <dl className="mt-1 divide-y">
        <Row label="Messages a month" from={limitText(from.monthlyMessages)} to={limitText(to.monthlyMessages)} />
        <Row
          label="Messages a day"
          from={from.dailyMessages === null ? 'No limit' : limitText(from.dailyMessages)}
          to={to.dailyMessages === null ? 'No limit' : limitText(to.dailyMessages)}
        />
        <Row label="Projects" from={limitText(from.projects)} to={limitText(to.projects)} />
        <Row label="Published apps" from={limitText(fromPublished)} to={limitText(toPublished)} />
        <div className="grid grid-cols-[1fr_auto] items-center gap-3 py-2.5 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="text-muted-foreground">Price</dt>
          <dd className="flex items-center justify-end gap-2 sm:justify-start">
            <PlanPrice tier={current} className="text-muted-foreground line-through decoration-muted-foreground/50" />
            <ArrowRight className="size-3.5 text-muted-foreground" aria-label="to" />
            <PlanPrice tier={tier} className="font-semibold" />
          </dd>
        </div>
      </dl>
    </div>
  );
}
