// An app's payments as an attacker would try them: paying without paying (the app's own scripts,
// a forged or replayed Stripe event, a guessed or reused test page), leaving the app through its
// return paths, reading or writing another visitor's payments, and test orders reaching live data.
// Stripe is the stand-in on 127.0.0.1 (the real `stripe` library talks to it); functions run in workerd.
import { describe, expect, it } from 'vitest';
import { appVisitor, newProject, previewCookie, stripeSignature, useFakeStripe, useTestApp, writeProjectFiles } from '@sprout/api/testing';
import { Tally } from '@sprout/testkit/vitest';

const paying = new Tally('app payments: nothing is paid but through the checkout');
const leaving = new Tally('app payments: return paths stay on the app');
const reading = new Tally("app payments: a visitor reads and writes no one else's payments");

const fake = useFakeStripe();
const t = useTestApp(() => ({ STRIPE_API_URL: fake.url }));
const WEBHOOK = 'whsec_bakery_owner';
const order = (over: Record<string, unknown> = {}) => ({
  items: [{ name: 'Cake', amount: 500, currency: 'usd', quantity: 1 }],
  successPath: '/thanks',
  cancelPath: '/cart',
  ...over,
});

async function preview() {
  const owner = await t.register();
  const sproutId = await newProject(t, owner);
  await writeProjectFiles(t, owner, sproutId, {
    'functions/forge.ts': `export default async (req: Request, ctx: any) => {
  const out: string[] = [];
  for (const op of [() => ctx.db.collection('payments').add({ status: 'paid', amount: 1 }), () => ctx.db.collection('payments').update('x', { status: 'paid' })])
    await op().then(() => out.push('ok'), (e: any) => out.push(e.code));
  return out;
};`,
  });
  const { host, cookie } = await previewCookie(t, owner, sproutId);
  return { owner, sproutId, host, cookie, visitor: appVisitor(t, host, cookie) };
}

const form = (host: string, path: string, choice: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { host, origin: `http://${host}`, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: `choice=${choice}`,
  });

describe("an app's payments, attacked", () => {
  it('are paid only by the test page’s own button, once, with its secret; the app and its functions cannot write one', async () => {
    const a = await preview();
    const url = new URL((await a.visitor.call('POST', 'payments/checkout', order())).json().url);
    for (const mode of ['cors', 'same-origin', 'no-cors']) {
      const res = await form(a.host, url.pathname, 'pay', { cookie: a.cookie, 'sec-fetch-mode': mode });
      paying.check(res.statusCode === 403, `a ${mode} fetch pressing Pay → ${res.statusCode}`);
    }
    const guessed = await form(a.host, url.pathname.replace(/[\w-]{6}$/, 'AAAAAA'), 'pay', { cookie: a.cookie, 'sec-fetch-mode': 'navigate' });
    paying.check(guessed.statusCode === 404, `a guessed page → ${guessed.statusCode}`);
    for (const body of [order({ amount: 1 }), order({ status: 'paid' }), order({ items: [{ name: 'Cake', amount: 1, currency: 'usd', quantity: 1 }] })]) {
      const res = await a.visitor.call('POST', 'payments/checkout', body);
      paying.check(res.statusCode === 400, `a checkout naming its own price → ${res.statusCode}`);
    }
    for (const [method, path, body] of [
      ['POST', 'collections/payments', { status: 'paid', amount: 500 }],
      ['PATCH', 'collections/payments/abc', { status: 'paid' }],
      ['DELETE', 'collections/payments/abc', undefined],
    ] as const) {
      const res = await a.visitor.call(method, path, body);
      paying.check(res.statusCode === 403, `${method} ${path} → ${res.statusCode}`);
    }
    const forged = (await a.visitor.call('POST', 'functions/forge', {})).json();
    paying.check(JSON.stringify(forged) === '["forbidden","forbidden"]', `the app's function writing payments → ${JSON.stringify(forged)}`);
    const paid = await form(a.host, url.pathname, 'pay', { cookie: a.cookie, 'sec-fetch-mode': 'navigate' });
    expect(paid.statusCode).toBe(303);
    const again = await form(a.host, url.pathname, 'pay', { cookie: a.cookie, 'sec-fetch-mode': 'navigate' });
    paying.check(again.statusCode === 404, `the same page paid twice → ${again.statusCode}`);
    const list = (await t.api('GET', `/build/v1/sprouts/${a.sproutId}/payments/test`, { token: a.owner.idToken })).json();
    expect(list.totals).toEqual({ count: 1, paid: { usd: 500 }, refunded: {} });
    paying.assertClean();
  });

  it('never send the browser off the app', async () => {
    const a = await preview();
    for (const path of [
      '//evil.example',
      '/\\evil.example',
      '/\\/evil.example',
      'https://evil.example/',
      'http:evil.example',
      '\\\\evil.example',
      '/%0a//evil',
      ' //evil.example',
      '/\t/evil.example',
    ]) {
      for (const key of ['successPath', 'cancelPath']) {
        const res = await a.visitor.call('POST', 'payments/checkout', order({ [key]: path }));
        leaving.check(res.statusCode === 400 || new URL(res.json().url).host === a.host, `${key} ${JSON.stringify(path)} → ${res.statusCode}`);
        if (res.statusCode !== 200) continue;
        const back = await form(a.host, new URL(res.json().url).pathname, key === 'successPath' ? 'pay' : 'cancel', {
          cookie: a.cookie,
          'sec-fetch-mode': 'navigate',
        });
        leaving.check(new URL(String(back.headers.location)).host === a.host, `${key} ${JSON.stringify(path)} returned to ${back.headers.location}`);
      }
    }
    leaving.assertClean();
  });

  it('on the published app: forged and replayed Stripe events change nothing, visitors see only their own, test orders stay out', async () => {
    const a = await preview();
    // A paid test order first: it must never be in the live data.
    const testUrl = new URL((await a.visitor.call('POST', 'payments/checkout', order())).json().url);
    await form(a.host, testUrl.pathname, 'pay', { cookie: a.cookie, 'sec-fetch-mode': 'navigate' });
    const site = new URL((await t.api('POST', `/build/v1/sprouts/${a.sproutId}/publish`, { token: a.owner.idToken })).json().publicUrl);
    for (const [name, value] of [
      ['STRIPE_SECRET_KEY', 'sk_test_bakery'],
      ['STRIPE_WEBHOOK_SECRET', WEBHOOK],
    ])
      await t.api('PUT', `/build/v1/sprouts/${a.sproutId}/secrets/live/${name}`, { token: a.owner.idToken, body: { value } });
    const buyer = appVisitor(t, site.host);
    const snoop = appVisitor(t, site.host);
    const url = (await buyer.call('POST', 'payments/checkout', order())).json().url as string;
    const sent = fake.requests.findLast((r) => r.path === '/v1/checkout/sessions')!;
    const orderId = sent.params['metadata[sprout_order]']!;
    const event = {
      id: 'evt_attack_1',
      type: 'checkout.session.completed',
      data: {
        object: { id: /cs_test_\d+/.exec(url)![0], payment_status: 'paid', payment_intent: 'pi_a', metadata: { sprout_id: a.sproutId, sprout_order: orderId } },
      },
    };
    const hook = (payload: string, secret: string) =>
      t.app.inject({
        method: 'POST',
        url: '/_sprout/v1/payments/webhook',
        headers: { host: site.host, 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload, secret) },
        payload,
      });
    for (const secret of ['whsec_guess', 'sk_test_bakery', '']) {
      const res = await hook(JSON.stringify(event), secret || 'x');
      paying.check(res.statusCode === 400, `an event signed with ${secret || 'a wrong secret'} → ${res.statusCode}`);
    }
    // Signed for the test page's host: the preview takes no Stripe events.
    const onPreview = await t.app.inject({
      method: 'POST',
      url: '/_sprout/v1/payments/webhook',
      headers: { host: a.host, cookie: a.cookie, 'content-type': 'application/json' },
      payload: '{}',
    });
    paying.check(onPreview.statusCode === 404, `a Stripe event on the preview → ${onPreview.statusCode}`);
    expect((await hook(JSON.stringify(event), WEBHOOK)).json().outcome).toBe('paid');
    const replay = await hook(JSON.stringify(event), WEBHOOK);
    paying.check(replay.json().duplicate === true, `a replayed event → ${replay.body}`);
    // The test page's secret means nothing on the published app.
    const live = await form(site.host, testUrl.pathname, 'pay', { 'sec-fetch-mode': 'navigate' });
    paying.check(live.statusCode === 404, `the preview's test page on the published app → ${live.statusCode}`);

    const mine = (await buyer.call('GET', 'collections/payments')).json().data;
    reading.check(mine.length === 1 && mine[0].id === orderId, `the buyer reads ${JSON.stringify(mine).slice(0, 120)}`);
    const theirs = await snoop.call('GET', 'collections/payments');
    reading.check(theirs.json().data.length === 0, `another visitor lists ${theirs.body.slice(0, 120)}`);
    const byId = await snoop.call('GET', `collections/payments/${orderId}`);
    reading.check(byId.statusCode === 404, `another visitor reads it by id → ${byId.statusCode}`);
    const where = await snoop.call('GET', `collections/payments?where=${encodeURIComponent(JSON.stringify({ createdBy: { ne: 'x' } }))}`);
    reading.check(where.statusCode !== 200 || where.json().data.length === 0, `another visitor's createdBy filter → ${where.body.slice(0, 120)}`);
    const changed = await snoop.call('PATCH', `collections/payments/${orderId}`, { status: 'refunded' });
    reading.check(changed.statusCode === 403, `another visitor changes it → ${changed.statusCode}`);

    const liveList = (await t.api('GET', `/build/v1/sprouts/${a.sproutId}/payments/live`, { token: a.owner.idToken })).json();
    paying.check(liveList.totals.count === 1 && liveList.payments[0].id === orderId, `live data holds ${JSON.stringify(liveList.totals)}`);
    paying.assertClean();
    reading.assertClean();
  });
});
