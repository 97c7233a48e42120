import type { CustomDomain } from '@sprout/core/contract';

/** The status as the owner reads it. */
export function statusLabel(d: Pick<CustomDomain, 'status'>): string {
  return d.status === 'verified' ? 'Connected' : 'Waiting for DNS';
}

/** What to do next, in plain words: nothing once connected; otherwise the last problem found, or where to start. */
export function nextStep(d: Pick<CustomDomain, 'status' | 'lastError' | 'lastCheckedAt'>): string | null {
  if (d.status === 'verified') return null;
  if (d.lastError) return d.lastError;
  if (!d.lastCheckedAt) return 'Sprout checks every few minutes, or press Check now once the records are in place.';
  return 'Sprout has not found the records yet. DNS changes can take a while to appear.';
}

/** A record type as it is named at DNS hosts (ALIAS is also called ANAME or flattened CNAME). */
export function recordTypeLabel(type: CustomDomain['records'][number]['type']): string {
  return type === 'ALIAS' ? 'ALIAS / ANAME' : type;
}

/** What an owner typed, tidied as the server will (the server's rules decide). */
export function typedDomain(input: string): string {
  return input
    .trim()
    .replace(/^[a-z]+:\/\//i, '')
    .replace(/\/.*$/, '')
    .toLowerCase();
}
