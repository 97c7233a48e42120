import { describe, expect, it } from 'vitest';
import { waitUntil } from '@sprout/testkit';
import { appVisitor, newProject, previewCookie, useTestApp, writeProjectFiles } from '../testing';

// Payments in the preview's test data: Sprout's own test checkout page on the app's origin, the
// reserved `payments` collection, functions/on-payment.ts and ctx.payments.refund (in workerd).
const t = useTestApp();

const ON_PAYMENT = `export default async function (req: Request, ctx: any) {
  const order = await req.json();
  ctx.log('paid', order.id, order.amount, order.currency);
  return { ok: true };
}`;
const REFUND = `export default async function (req: Request, ctx: any) {
  const { id } = await req.json();
  try {
    return await ctx.payments.refund(id);
  } catch (err: any) {
    return { error: err.code, message: err.message };
  }
}`;
const FORGE = `export default async function (req: Request, ctx: any) {
  try {
    return await ctx.db.collection('payments').add({ status: 'paid', amount: 1 });
  } catch (err: any) {
    return { error: err.code };
  }
}`;

const CAKE = { name: 'Lemon cake <b>&</b>', amount: 450, currency: 'EUR', quantity: 2 };
const checkoutBody = (over: Record<string, unknown> = {}) => ({
  items: [CAKE],
  successPath: '/thanks',
  cancelPath: '/cart',
  metadata: { table: '4' },
  ...over,
});

async function project() {
  const owner = await t.register();
  const sproutId = await newProject(t, owner);
  await writeProjectFiles(t, owner, sproutId, { 'functions/on-payment.ts': ON_PAYMENT, 'functions/refund.ts': REFUND, 'functions/forge.ts': FORGE });
  const { host, cookie } = await previewCookie(t, owner, sproutId);
  const visitor = appVisitor(t, host, cookie);
  const page = (url: string, method: 'GET' | 'POST' = 'GET', choice?: string, mode = 'navigate') =>
    t.app.inject({
      method,
      url: new URL(url).pathname,
      headers: {
        host,
        cookie,
        ...(method === 'POST' ? { origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-mode': mode } : {}),
      },
      ...(choice ? { payload: `choice=${choice}` } : {}),
    });
  const owned = (path: string, method: 'GET' | 'POST' = 'GET') => t.api(method, `/build/v1/sprouts/${sproutId}${path}`, { token: owner.idToken });
  return { owner, sproutId, host, visitor, page, owned };
}

describe('a checkout in the test data', () => {
  it('goes through the test checkout page, pays once, lands in payments for the payer and the owner, and tells on-payment.ts', async () => {
    const p = await project();
    const start = await p.visitor.call('POST', 'payments/checkout', checkoutBody());
    expect(start.statusCode, start.body).toBe(200);
    const url: string = start.json().url;
    expect(url).toMatch(new RegExp(`^http://${p.host.replace('.', '\\.')}/_sprout/v1/payments/test-checkout/[\\w-]{43}$`));

    const shown = await p.page(url);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['x-robots-tag']).toBe('noindex');
    // Shown in the preview's frame in Sprout, and in no frame of the app's own.
    expect(shown.headers['content-security-policy']).toMatch(/frame-ancestors http:\/\/localhost:\d+$/);
    expect(shown.headers['content-security-policy']).toContain("default-src 'none'");
    expect(shown.body).toContain('<meta name="robots" content="noindex">');
    // The app's values are escaped: its item names cannot write into the page.
    expect(shown.body).toContain('Lemon cake &lt;b&gt;&amp;&lt;/b&gt;');
    expect(shown.body).not.toContain('<b>&</b>');
    expect(shown.body).toContain('€9.00');
    expect(shown.body).toContain('Pay (test)');

    // The app's own scripts cannot press Pay (a fetch is not a navigation).
    const fetched = await p.page(url, 'POST', 'pay', 'cors');
    expect(fetched.statusCode).toBe(403);

    const paid = await p.page(url, 'POST', 'pay');
    expect(paid.statusCode).toBe(303);
    const back = new URL(paid.headers.location as string);
    expect(back.origin).toBe(`http://${p.host}`);
    expect(back.pathname).toBe('/thanks');
    const id = back.searchParams.get('payment')!;
    expect(id).toMatch(/^[a-z0-9]{20}$/);
    // Once only: the page has ended.
    expect((await p.page(url, 'POST', 'pay')).statusCode).toBe(404);
    expect((await p.page(url)).statusCode).toBe(404);

    const mine = (await p.visitor.call('GET', 'collections/payments')).json().data;
    expect(mine).toEqual([
      expect.objectContaining({
        id,
        status: 'paid',
        amount: 900,
        currency: 'eur',
        metadata: { table: '4' },
        customerEmail: null,
        items: [{ ...CAKE, currency: 'eur' }],
      }),
    ]);
    expect((await p.visitor.call('GET', `collections/payments/${id}`)).json()).toMatchObject({ id, status: 'paid' });

    const logs = await waitUntil(
      async () => {
        const calls = (await p.owned('/functions/test/logs?name=on-payment')).json().calls ?? [];
        return calls.length ? calls : null;
      },
      { what: 'the on-payment call' },
    );
    expect(logs).toHaveLength(1);
    expect(JSON.stringify(logs[0])).toContain(`paid ${id} 900 eur`);

    const list = (await p.owned('/payments/test')).json();
    expect(list.payments).toEqual([expect.objectContaining({ id, status: 'paid', amount: 900 })]);
    expect(list.totals).toEqual({ count: 1, paid: { eur: 900 }, refunded: {} });
    expect(list.readiness).toEqual({ stripeConnected: false, webhookSecretSet: false, testCheckoutSucceeded: true });
    expect(list.webhookUrl).toBeNull();
    // Test orders are never live data.
    expect((await p.owned('/payments/live')).json()).toMatchObject({ payments: [], totals: { count: 0 }, readiness: { testCheckoutSucceeded: true } });
  });

  it('is refunded by ctx.payments.refund and, once, by the owner; nobody writes payments through the data API', async () => {
    const p = await project();
    const url = (await p.visitor.call('POST', 'payments/checkout', checkoutBody())).json().url;
    const id = new URL((await p.page(url, 'POST', 'pay')).headers.location as string).searchParams.get('payment')!;

    expect((await p.visitor.call('POST', 'collections/payments', { status: 'paid', amount: 1 })).statusCode).toBe(403);
    expect((await p.visitor.call('PATCH', `collections/payments/${id}`, { amount: 1 })).statusCode).toBe(403);
    expect((await p.visitor.call('DELETE', `collections/payments/${id}`)).statusCode).toBe(403);
    // Not the app's own functions either, though they act as the owner.
    expect((await p.visitor.call('POST', 'functions/forge', {})).json()).toEqual({ error: 'forbidden' });
    // Nor the Data panel: a payment is refunded, never edited.
    expect((await t.api('DELETE', `/build/v1/sprouts/${p.sproutId}/data/test/collections/payments/${id}`, { token: p.owner.idToken })).statusCode).toBe(403);

    const refunded = (await p.visitor.call('POST', 'functions/refund', { id })).json();
    expect(refunded).toMatchObject({ id, status: 'refunded', amount: 900 });
    expect((await p.visitor.call('GET', `collections/payments/${id}`)).json()).toMatchObject({ status: 'refunded' });
    const again = await p.owned(`/payments/test/${id}/refund`, 'POST');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('payment_not_refundable');
    expect((await p.visitor.call('POST', 'functions/refund', { id: 'nope' })).json()).toMatchObject({ error: 'not_found' });
    expect((await p.owned('/payments/test')).json().totals).toEqual({ count: 1, paid: {}, refunded: { eur: 900 } });
  });

  it('cancels back to the cancel path, paying nothing', async () => {
    const p = await project();
    const url = (await p.visitor.call('POST', 'payments/checkout', checkoutBody({ cancelPath: '/cart?step=2' }))).json().url;
    const cancelled = await p.page(url, 'POST', 'cancel');
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(`http://${p.host}/cart?step=2`);
    expect((await p.visitor.call('GET', 'collections/payments')).json().data).toEqual([]);
    // The owner's refund of an order never paid: there is no such payment.
    expect((await p.owned('/payments/test/abc/refund', 'POST')).statusCode).toBe(404);
  });

  it('refuses what it cannot check: a way off the app, a bad amount or currency, too many items or metadata', async () => {
    const p = await project();
    const refused = async (body: Record<string, unknown>) => {
      const res = await p.visitor.call('POST', 'payments/checkout', body);
      return [res.statusCode, res.json().code];
    };
    for (const path of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)', 'thanks', ' /thanks', '/th\nanks', '']) {
      expect(await refused(checkoutBody({ successPath: path })), path).toEqual([400, 'invalid_request']);
      expect(await refused(checkoutBody({ cancelPath: path })), path).toEqual([400, 'invalid_request']);
    }
    const item = (over: Record<string, unknown>) => checkoutBody({ items: [{ ...CAKE, ...over }] });
    for (const over of [
      { amount: 49 },
      { amount: 450.5 },
      { amount: 100_000_001 },
      { currency: 'euro' },
      { currency: 'xxz' },
      { quantity: 0 },
      { quantity: 101 },
      { name: '' },
      { name: 'x'.repeat(121) },
    ]) {
      expect(await refused(item(over)), JSON.stringify(over)).toEqual([400, 'invalid_request']);
    }
    expect(await refused(checkoutBody({ items: Array.from({ length: 21 }, () => CAKE) }))).toEqual([400, 'invalid_request']);
    expect(await refused(checkoutBody({ items: [] }))).toEqual([400, 'invalid_request']);
    expect(await refused(checkoutBody({ items: [CAKE, { ...CAKE, currency: 'usd' }] }))).toEqual([400, 'invalid_request']);
    expect(await refused(checkoutBody({ metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])) }))).toEqual([
      400,
      'invalid_request',
    ]);
    expect(await refused(checkoutBody({ metadata: { note: 'x'.repeat(501) } }))).toEqual([400, 'invalid_request']);
    expect(await refused(checkoutBody({ total: 1 }))).toEqual([400, 'invalid_request']);
    // Another origin cannot start one for the app.
    const other = await p.visitor.call('POST', 'payments/checkout', checkoutBody(), { origin: 'http://evil.example' });
    expect(other.statusCode).toBe(403);
  });
});
