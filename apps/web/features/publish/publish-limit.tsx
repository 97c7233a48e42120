'use client';
import type { Sprout } from '@sprout/core/contract';
import Link from 'next/link';
import { Sparkles } from 'lucide-react';
import { canPublishAnother, planLabel, publishedAppLimit, upgradePath } from '@sprout/core';
import { useSprouts } from '@/features/projects';
import { useUsage } from '@/features/usage';

/**
 * Whether this project cannot go live on the person's plan: others already use every published
 * slot. Republishing a live project never counts against it. Unknown (still loading) is not blocked;
 * the server decides anyway (402 and the paywall).
 */
export function usePublishLimit(sprout: Sprout, open: boolean): { blocked: false } | { blocked: true; tier: string; limit: number } {
  const usage = useUsage();
  // The projects list (shared with the list page's cache), asked for only once the dialog opens.
  const sprouts = useSprouts(undefined, open);
  if (sprout.published || !usage.data || !sprouts.data) return { blocked: false };
  const others = sprouts.data.filter((s) => s.published && s.id !== sprout.id).length;
  const limit = publishedAppLimit(usage.data.tier);
  if (limit === null || canPublishAnother(usage.data.tier, others)) return { blocked: false };
  return { blocked: true, tier: usage.data.tier, limit };
}

/**
 * Where publishing is blocked by the plan: why, and the `publish` upgrade destination. Publish
 * stays clickable: the server has the last word (the list may be stale), and its 402 opens the
 * deployments paywall.
 */
export function PublishLimitNotice({ limit }: { limit: { blocked: true; tier: string; limit: number } }) {
  return (
    <div role="status" data-testid="publish-limit" className="grid gap-2 rounded-lg border border-primary/30 bg-primary/8 p-3 text-sm">
      <p className="flex items-start gap-2">
        <Sparkles className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        <span>
          Your {planLabel(limit.tier)} plan keeps {limit.limit} app{limit.limit === 1 ? '' : 's'} published at a time. Unpublish another app, or upgrade to
          publish this one too.
        </span>
      </p>
      <Link
        href={upgradePath('publish')}
        data-testid="publish-upgrade"
        className="justify-self-start rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        See plans
      </Link>
    </div>
  );
}
