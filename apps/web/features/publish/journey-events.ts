import type { Sprout } from '@sprout/core/contract';

// The 'Domain' and 'Onboarding' analytics events of publishing: what each says and when it is due.

type Address = Pick<Sprout, 'publicUrl' | 'published'>;

export type DomainAction = 'assigned' | 'changed' | 'offline' | 'online';

/**
 * 'Domain': what happened to a project's public address in one publish or unpublish — given at the
 * first publish, moved to another address, taken offline, or back online at the same one.
 */
export function domainChange(before: Address, after: Address): { action: DomainAction; host: string } | null {
  const host = (url: string | null) => (url ? new URL(url).host : null);
  const now = host(after.publicUrl);
  if (!now) return null;
  if (!before.publicUrl) return after.published ? { action: 'assigned', host: now } : null;
  if (host(before.publicUrl) !== now) return { action: 'changed', host: now };
  if (before.published && !after.published) return { action: 'offline', host: now };
  if (!before.published && after.published) return { action: 'online', host: now };
  return null;
}

/** The first publish of all of a person's projects: none of the others was ever given an address. */
export function isFirstPublish(before: Address, others: readonly Address[] | undefined): boolean {
  return !before.publicUrl && others !== undefined && others.every((p) => !p.publicUrl);
}
