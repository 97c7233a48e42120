import { FolderOpen, MessageSquare, Rocket, type LucideIcon } from 'lucide-react';
import { FREE_LIMITS, PUBLISHED_APP_LIMITS } from '@sprout/core';
import type { PricingReason } from '@/features/billing';

const freePublished = PUBLISHED_APP_LIMITS.free ?? 0;

const REASONS: Record<PricingReason, { icon: LucideIcon; title: string; body: string }> = {
  messages: {
    icon: MessageSquare,
    title: 'You have used your messages',
    body: 'Premium plans have no daily limit and a bigger monthly allowance, so you can keep building without waiting.',
  },
  projects: {
    icon: FolderOpen,
    title: `You have reached the Free plan’s ${FREE_LIMITS.projects ?? 0} projects`,
    body: 'Every Premium plan includes unlimited projects. You can also delete a project you no longer need.',
  },
  deployments: {
    icon: Rocket,
    title: `The Free plan keeps ${freePublished} app published at a time`,
    body: 'Premium plans publish as many apps as you like. Or unpublish another app first.',
  },
  publish: {
    icon: Rocket,
    title: 'Publish more of your apps',
    body: `The Free plan includes ${freePublished} published app. Upgrade to put every project you make on its own public link.`,
  },
};

/** Why the person was sent here (the `reason` of an upgrade destination), said up front. */
export function ReasonBanner({ reason }: { reason: PricingReason }) {
  const { icon: Icon, title, body } = REASONS[reason];
  return (
    <div
      data-testid="pricing-reason"
      data-reason={reason}
      role="status"
      className="mx-auto flex w-full max-w-3xl items-start gap-3 rounded-2xl border border-primary/30 bg-primary/8 p-4 text-left sm:p-5"
    >
      <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-primary/15 text-primary">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div>
        <p className="font-semibold">{title}</p>
        <p className="mt-0.5 text-sm text-muted-foreground">{body}</p>
      </div>
    </div>
  );
}
