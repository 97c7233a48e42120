import { encodeQueryValue, type TierChangeDirection } from '@sprout/core';

/**
 * Where checkout sends the browser afterwards: the web app's confirmation page, which waits for the
 * subscription to show the plan, then returns to `returnTo` with a toast and the analytics event.
 */
export function checkoutCompleteUrl(webUrl: string, p: { tier: string; from: string; returnTo: string; change?: TierChangeDirection }): string {
  const query = `tier=${encodeQueryValue(p.tier)}&from=${encodeQueryValue(p.from)}&returnTo=${encodeQueryValue(p.returnTo)}`;
  return `${webUrl}/checkout/complete?${query}${p.change ? `&change=${p.change}` : ''}`;
}

export function checkoutCanceledUrl(webUrl: string, p: { tier: string; returnTo: string }): string {
  return `${webUrl}/go-to-checkout?tier=${encodeQueryValue(p.tier)}&returnTo=${encodeQueryValue(p.returnTo)}&canceled=1`;
}

export function testCheckoutUrl(webUrl: string, sessionId: string): string {
  return `${webUrl}/checkout/test?session=${sessionId}`;
}

export function testManageUrl(webUrl: string): string {
  return `${webUrl}/checkout/test/manage`;
}
