import { getSproutById, markOrderPaid, openTestOrder } from '@sprout/db';
import type { AppContext } from '../app-backend/app-request';
import type { Services } from '../services';
import { returnUrl, testCheckoutPath } from './checkout';
import { afterPaid } from './paid-order';
import { checkoutGonePage, testCheckoutPage } from './test-checkout-page';

export type PageAnswer = { status: number; html: string } | { redirect: string };

/** The test checkout page of an open order of this app (its address's secret is the order's), or a page saying it has ended. */
export async function showTestCheckout(s: Services, ctx: AppContext, token: string): Promise<PageAnswer> {
  const order = await openTestOrder(s.db, ctx.scope, token);
  if (!order) return { status: 404, html: checkoutGonePage() };
  const appName = (await getSproutById(s.db, ctx.scope.sproutId))?.displayName ?? 'this app';
  return {
    status: 200,
    html: testCheckoutPage({ appName, items: order.items, amount: order.amount, currency: order.currency, action: testCheckoutPath(token) }),
  };
}

/**
 * The page's Pay or Cancel. Pay marks the order paid here, on the server, once, and only through
 * the page's secret; the browser is then sent back to the app's success path with `?payment=<id>`.
 */
export async function answerTestCheckout(s: Services, ctx: AppContext, token: string, choice: 'pay' | 'cancel'): Promise<PageAnswer> {
  const order = await openTestOrder(s.db, ctx.scope, token);
  if (!order) return { status: 404, html: checkoutGonePage() };
  if (choice === 'cancel') return { redirect: returnUrl(ctx.origin, order.cancelPath) };
  const paid = await markOrderPaid(s.db, { sproutId: ctx.scope.sproutId, orderId: order.id, token });
  if (paid.kind !== 'paid') return { status: 404, html: checkoutGonePage() };
  await afterPaid(s, paid.order);
  return { redirect: returnUrl(ctx.origin, order.successPath, order.id) };
}
