/** A secret's name: what a function reads as `ctx.env.NAME`. Upper-case, digits and underscores. */
export const SECRET_NAME = /^[A-Z][A-Z0-9_]*$/;
export const MAX_SECRET_NAME = 64;
/** A secret's value: an API key, a token, a URL with credentials. */
export const MAX_SECRET_VALUE = 8 * 1024;
/** Secrets of one project's dataset. */
export const MAX_SECRETS = 50;

/** What the owner sees of a secret: its last 4 characters, and only when the value is long enough to keep the rest hidden. */
export function secretHint(value: string): string {
  return value.length >= 12 ? value.slice(-4) : '';
}
