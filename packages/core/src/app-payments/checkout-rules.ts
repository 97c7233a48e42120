// What an app's checkout may ask for (docs/app-backend.md, "Payments"): amounts in the currency's
// smallest unit, as Stripe takes them, and return paths that stay on the app's own origin.

export const MAX_CHECKOUT_ITEMS = 20;
/** Stripe's smallest charge is about 50 cents. */
export const MIN_ITEM_AMOUNT = 50;
export const MAX_ITEM_AMOUNT = 100_000_000;
/** How long a checkout may be paid after it was started. */
export const CHECKOUT_TTL_MS = 60 * 60 * 1000;

/**
 * A path on the app's origin: one leading slash, and nothing a browser would read as another host
 * (`//evil.example`, `/\evil.example`), a scheme, or a control character. What follows a return is
 * always the app's own page, never an open redirect.
 */
export function isAppPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//')) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  return !/[\\\u0000-\u001f\u007f\s]/.test(path);
}
