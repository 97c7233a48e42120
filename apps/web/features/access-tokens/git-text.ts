import type { AccessTokenScope } from '@sprout/core/contract';

/** The API's MAX_ACCESS_TOKEN_NAME (the contract's values stay out of the bundle: types only). */
export const TOKEN_NAME_MAX = 60;

/** A project's clone address: `{api}/git/{id}.git`, whatever the API address ends with. */
export function cloneAddress(apiUrl: string, sproutId: string): string {
  return `${apiUrl.replace(/\/+$/, '')}/git/${sproutId}.git`;
}

export function scopeLabel(scope: AccessTokenScope): string {
  return scope === 'write' ? 'Read and write' : 'Read';
}

/** What a token's last use says: "Never used", or the date it was. */
export function lastUsedText(lastUsedAt: string | null, now = new Date()): string {
  if (!lastUsedAt) return 'Never used';
  const at = new Date(lastUsedAt);
  const sameDay = at.toDateString() === now.toDateString();
  return sameDay ? 'Used today' : `Last used ${at.toLocaleDateString('en', { day: 'numeric', month: 'short', year: 'numeric' })}`;
}

/** What a pull says it brought in. */
export function pulledText(count: number): string {
  if (count === 0) return 'Nothing new on the remote: Sprout has everything it has.';
  return count === 1 ? '1 version came in from the remote.' : `${count} versions came in from the remote.`;
}

/** A remote's last push or pull, as the status line says it. */
export function syncedText(what: 'pushed' | 'pulled', at: string | null, relative: (iso: string) => string): string {
  return at ? `Last ${what} ${relative(at)}` : `Never ${what}`;
}
