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
