// Authorization matrix over EVERY API route (read from the app's route table, so a new route is
// covered the day it is added): each hostile credential is refused on every route that needs one,
// another person's resources answer 403/404 on every route that names one, and no refusal carries
// the owner's data. Afterwards the owner's data is checked to be exactly as it was.
import { beforeAll, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import {
  createAppUser,
  createPaymentOrder,
  getUserById,
  insertAppDocument,
  markOrderPaid,
  putScreenshot,
  setFlagOverride,
  upsertSubscription,
} from '@sprout/db';
import { runEvents, useTestApp, type RouteEntry, type Session } from '@sprout/api/testing';
import { Tally } from '@sprout/testkit/vitest';

const tally = new Tally('authorization: API routes');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

// What only the owner may ever see: a refusal that contains one of these leaks.
const SECRET = {
  project: 'Alpha Secret Project 7f3a',
  file: 'ALPHA_FILE_SECRET_91c2',
  chat: 'ALPHA_CHAT_SECRET_5d0e',
  name: 'Alpha Owner Q8',
  doc: 'ALPHA_DOC_SECRET_3b7d',
};

const t = useTestApp({ STAFF_EMAILS: 'staff@security.test' });
let owner: Session;
let other: Session;
let staff: Session;
const ids = { sprout: '', version: '', run: '', upload: '', checkout: '', doc: '', appUser: '', payment: '', token: '' };
const element = { file: 'client/src/Note.tsx', line: 2, column: 3 };
let before: unknown;

async function snapshotOwner() {
  const api = (url: string) => t.api('GET', url, { token: owner.idToken }).then((r) => r.json());
  const user = await getUserById(t.db.db, owner.user.id);
  return {
    sprout: await api(`/v1/sprouts/${ids.sprout}`),
    files: await api(`/build/v1/sprouts/${ids.sprout}/files`),
    versions: await api(`/build/v1/sprouts/${ids.sprout}/versions`),
    run: await api(`/build/v1/runs/${ids.run}`),
    checkout: await api(`/v1/billing/test-checkout/${ids.checkout}`),
    chat: (await api(`/build/v1/sprouts/${ids.sprout}/messages`)).messages.length,
    user: { tier: user?.tier, roles: user?.roles, displayName: user?.displayName },
    usage: await api('/usage'),
    data: await api(`/build/v1/sprouts/${ids.sprout}/data/test/collections/notes`),
    appUsers: await api(`/build/v1/sprouts/${ids.sprout}/data/test/users`),
    payments: await api(`/build/v1/sprouts/${ids.sprout}/payments/test`),
  };
}

beforeAll(async () => {
  owner = await t.register({ displayName: SECRET.name });
  other = await t.register();
  staff = await t.register({ email: 'staff@security.test' });
  await upsertSubscription(t.db.db, staff.user.id, { type: 'internal', tierType: 'sprout-tier-internal-staff' });
  await setFlagOverride(t.db.db, owner.user.id, 'enableImageUploads', true);
  await setFlagOverride(t.db.db, other.user.id, 'enableImageUploads', true);
  // Flag-gated routes must reach their ownership check: the features are on for both people.
  for (const who of [owner, other]) await setFlagOverride(t.db.db, who.user.id, 'enableDiffView', true);

  const created = await t.api('POST', '/v1/sprouts', {
    token: owner.idToken,
    body: { displayName: SECRET.project, files: [{ name: 'client/src/secret.ts', content: `export const s = '${SECRET.file}';\n` }] },
  });
  expect(created.statusCode, created.body).toBe(201);
  ids.sprout = created.json().id;
  const sent = await t.api('POST', `/build/v1/sprouts/${ids.sprout}/messages`, { token: owner.idToken, body: { text: `A kanban board ${SECRET.chat}` } });
  expect(sent.statusCode, sent.body).toBe(202);
  ids.run = sent.json().runId;
  await runEvents(t, owner, ids.run);
  ids.version = (await t.api('GET', `/build/v1/sprouts/${ids.sprout}/versions`, { token: owner.idToken })).json().currentVersionId;
  // A component with one element: what the visual edit routes name.
  const saved = await t.api('PUT', `/build/v1/sprouts/${ids.sprout}/files`, {
    token: owner.idToken,
    body: { path: element.file, content: 'export const Note = () => (\n  <p>kept</p>\n);\n', baseVersionId: ids.version },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  ids.version = saved.json().version.id;
  const up = await t.app.inject({
    method: 'POST',
    url: `/build/v1/uploads?sproutId=${ids.sprout}`,
    headers: { authorization: `Bearer ${owner.idToken}`, 'content-type': 'image/png' },
    payload: PNG,
  });
  expect(up.statusCode, up.body).toBe(201);
  ids.upload = up.json().id;
  // An access token of the owner's, which another person may not revoke.
  ids.token = (await t.api('POST', '/v1/me/tokens', { token: owner.idToken, body: { name: 'matrix', scope: 'read' } })).json().id;
  const checkout = await t.api('POST', '/v1/billing/checkout', { token: owner.idToken, body: { tier: 'tier-1' } });
  expect(checkout.statusCode, checkout.body).toBe(200);
  ids.checkout = new URL(checkout.json().url).searchParams.get('session')!;
  // The app's backend (test data): a document and an app user for the Data panel's routes.
  const scope = { sproutId: ids.sprout, dataset: 'test' as const };
  const doc = await insertAppDocument(t.db.db, scope, {
    collection: 'notes',
    data: { text: SECRET.doc },
    createdBy: 'visitor:v1',
    unique: [],
    quota: { documents: 100, storageBytes: 1_000_000 },
  });
  const appUser = await createAppUser(t.db.db, scope, { email: 'app-user@security.test', passwordHash: 'x', maxUsers: 10 });
  if (!doc.ok || !appUser.ok) throw new Error('app data fixtures');
  ids.doc = doc.doc.id;
  ids.appUser = appUser.user.id;
  // A paid test order, which another person's refund must leave paid.
  const order = await createPaymentOrder(t.db.db, scope, {
    items: [{ name: 'Cake', amount: 450, currency: 'eur', quantity: 1 }],
    currency: 'eur',
    metadata: {},
    createdBy: 'visitor:v1',
    successPath: '/',
    cancelPath: '/',
    versionId: null,
    testCheckout: true,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  if ((await markOrderPaid(t.db.db, { sproutId: ids.sprout, orderId: order.id, token: order.checkoutToken! })).kind !== 'paid')
    throw new Error('payment fixture');
  ids.payment = order.id;
  // A render check picture of the owner's version (the screenshots route).
  await putScreenshot(t.db.db, { id: ids.version, sproutId: ids.sprout, image: new Uint8Array([0xff, 0xd8, 0xff, 0xe0]) });
  before = await snapshotOwner();
});

/** The owner's resource each path parameter names; a route with a parameter not listed here fails the suite. */
function fill(url: string): string {
  return url.replace(/:(\w+)/g, (_, name: string, offset: number) => {
    const segment = url.slice(0, offset).split('/').filter(Boolean).at(-1);
    if (name === 'versionId') return ids.version;
    if (name === 'dataset') return 'test';
    if (name === 'name') return url.includes('/secrets/') ? 'API_KEY' : 'notes';
    if (name === 'docId') return ids.doc;
    if (name === 'paymentId') return ids.payment;
    if (name === 'userId') return ids.appUser;
    if (name === 'shotId') return ids.version;
    if (name === 'tier') return 'tier-1';
    if (name === 'key') return 'enableDiffView';
    if (name === 'domain') return 'matrix.example.com';
    if (name !== 'id') throw new Error(`No fixture for parameter :${name} in ${url}: add one to security/authz-matrix.test.ts`);
    switch (segment) {
      case 'sprouts':
      case 'magic':
        return ids.sprout;
      case 'runs':
        return ids.run;
      case 'uploads':
        return ids.upload;
      case 'test-checkout':
        return ids.checkout;
      case 'users':
        return owner.user.id;
      case 'tokens':
        return ids.token;
      default:
        throw new Error(`No fixture for :id after /${segment}/ in ${url}: add one to security/authz-matrix.test.ts`);
    }
  });
}

const canonical = (r: RouteEntry) => `${r.method} ${r.url.replace(/^\/v1\/preview\//, '/v1/')}`;

/** Valid requests (so validation passes and the ownership check is what answers) for routes that name the owner's resources. */
function crossUserRequest(r: RouteEntry): { url: string; body?: unknown; raw?: Buffer; type?: string } | null {
  const key = canonical(r);
  if (key === 'POST /build/v1/uploads') return { url: `${r.url}?sproutId=${ids.sprout}`, raw: PNG, type: 'image/png' };
  if (key === 'GET /v1/admin/users' || key === 'HEAD /v1/admin/users') return { url: `${r.url}?email=${encodeURIComponent(owner.user.email)}` };
  // Staff lists that carry people's data: refused to everyone else.
  if (key === 'GET /v1/admin/people' || key === 'HEAD /v1/admin/people') return { url: `${r.url}?q=${encodeURIComponent(owner.user.email)}` };
  if (['GET /v1/admin/analytics', 'HEAD /v1/admin/analytics', 'GET /v1/admin/analytics.csv', 'HEAD /v1/admin/analytics.csv'].includes(key))
    return { url: `${r.url}?from=2026-01-01&to=2026-01-07` };
  if (key === 'GET /v1/admin/flags' || key === 'HEAD /v1/admin/flags') return { url: r.url };
  if (!r.url.includes(':')) return null;
  if (key === 'GET /build/v1/sprouts/:id/visual-edits/element' || key === 'HEAD /build/v1/sprouts/:id/visual-edits/element')
    return { url: `${fill(r.url)}?versionId=${ids.version}&file=${encodeURIComponent(element.file)}&line=${element.line}&column=${element.column}` };
  const bodies: Record<string, unknown> = {
    'PATCH /v1/sprouts/:id': { displayName: 'pwned', isPinned: true },
    'PUT /v1/sprouts/:id/share': { enabled: true },
    'PUT /v1/admin/users/:id/roles': { roles: ['course_engineer'] },
    'PUT /v1/admin/users/:id/tier': { tier: 'sprout-tier-internal-staff' },
    'PUT /v1/admin/users/:id/flags/:key': { value: true },
    'PUT /v1/admin/flags/global/:key': { value: true },
    'PUT /v1/admin/flags/plans/:tier/:key': { value: true },
    'POST /build/v1/sprouts/:id/preview-session': {},
    'POST /build/v1/sprouts/:id/messages': { text: 'pwned' },
    'POST /build/v1/runs/:id/runtime-errors': { load: 'pwned', errors: [{ message: 'pwned' }] },
    'PUT /build/v1/sprouts/:id/files': { path: 'client/src/App.tsx', content: 'pwned', baseVersionId: ids.version },
    'POST /build/v1/sprouts/:id/files/check': { path: 'client/src/App.tsx', content: 'pwned', baseVersionId: ids.version },
    'PUT /build/v1/sprouts/:id/data/:dataset/collections/:name/:docId': { data: { text: 'pwned' } },
    'PUT /build/v1/sprouts/:id/secrets/:dataset/:name': { value: 'pwned-value' },
    'PUT /build/v1/sprouts/:id/ai': { monthlyTokenCap: 1 },
    'PUT /build/v1/sprouts/:id/email': { senderName: 'Pwned', replyTo: null },
    'POST /build/v1/sprouts/:id/functions/:dataset/:name/run': {},
    'POST /build/v1/sprouts/:id/domains': { domain: 'pwned.example.com' },
    'PATCH /build/v1/sprouts/:id/domains/:domain': { primary: true },
    'PUT /build/v1/sprouts/:id/site-settings': { title: 'Pwned' },
    'PUT /build/v1/sprouts/:id/remote': { url: 'https://git.example.com/pwned/app.git', token: 'pwned-token' },
    'POST /build/v1/sprouts/:id/plan/approve': { runId: ids.run },
    'POST /build/v1/sprouts/:id/visual-edits': {
      baseVersionId: ids.version,
      edits: [{ element, change: { type: 'text', value: 'pwned' } }],
    },
    'POST /build/v1/sprouts/:id/visual-edits/undo': { versionId: ids.version },
  };
  return { url: fill(r.url), body: bodies[key] };
}

async function send(r: RouteEntry, authorization: string | null, req: { url: string; body?: unknown; raw?: Buffer; type?: string }) {
  const payload = req.raw ?? (req.body === undefined ? undefined : JSON.stringify(req.body));
  return t.app.inject({
    method: r.method as 'GET',
    url: req.url,
    headers: {
      ...(authorization !== null ? { authorization } : {}),
      ...(payload !== undefined ? { 'content-type': req.type ?? 'application/json' } : {}),
    },
    payload,
  });
}

function leaks(body: string): string | null {
  for (const [what, secret] of Object.entries(SECRET)) if (body.includes(secret)) return what;
  if (body.includes(owner.user.email)) return 'email';
  return null;
}

async function forged(): Promise<Record<string, string>> {
  const [header, payload, signature] = owner.idToken.split('.') as [string, string, string];
  const flip = (s: string) => s.slice(0, -4) + (s.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  const kid = JSON.parse(Buffer.from(header, 'base64url').toString()).kid;
  const foreign = await generateKeyPair('ES256');
  const s = t.app.services;
  const ownerRow = (await getUserById(t.db.db, owner.user.id))!;
  const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT', kid })).toString('base64url')}.${payload}.`;
  const grant = new URL(
    (await t.api('POST', `/build/v1/sprouts/${ids.sprout}/preview-session`, { token: owner.idToken, body: {} })).json().url,
  ).searchParams.get('token')!;
  const hs256 = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', kid })
    .sign(new TextEncoder().encode(JSON.stringify(await exportJWK(foreign.publicKey))));
  return {
    'no token': '',
    'malformed: not a JWT': 'Bearer not-a-token',
    'malformed: three dots': 'Bearer a.b.c',
    'malformed: Basic scheme': `Basic ${Buffer.from('a:b').toString('base64')}`,
    'malformed: token in two parts': `Bearer ${header}.${payload}`,
    'malformed: 8 KB of junk': `Bearer ${'x'.repeat(8000)}`,
    'bad signature': `Bearer ${header}.${payload}.${flip(signature)}`,
    'payload swapped (another user’s claims)': `Bearer ${header}.${Buffer.from(JSON.stringify({ ...claims, sub: other.user.id })).toString('base64url')}.${signature}`,
    'alg none': `Bearer ${none}`,
    'HS256 with the public key as secret': `Bearer ${hs256}`,
    'foreign key, same kid': `Bearer ${await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid }).sign(foreign.privateKey)}`,
    'expired ID token': `Bearer ${await s.tokens.issueIdToken(ownerRow, -60)}`,
    'refresh token used as ID token': `Bearer ${owner.refreshToken}`,
    'preview grant used as ID token': `Bearer ${grant}`,
    'impersonation token after expiry': `Bearer ${await s.tokens.issueImpersonationToken(owner.user.id, staff.user.id, -60)}`,
  };
}

describe('authorization matrix over the route table', () => {
  it('covers every route: /v1, /v1/preview, /build/v1, and every declared auth level', () => {
    const routes = t.app.routeTable;
    expect(routes.filter((r) => r.url.startsWith('/build/v1/')).length).toBeGreaterThan(20);
    expect(routes.filter((r) => r.url.startsWith('/v1/preview/')).length).toBeGreaterThan(20);
    // Undeclared auth means 'user': nothing is public by accident.
    const publicRoutes = routes.filter((r) => r.auth === 'public').map((r) => `${r.method} ${r.url}`);
    // Apps' backends (/_sprout/v1/) are public to Sprout's tokens by design: they answer only on app
    // origins, under the app's rules (security/app-backend.test.ts), and 404 on this host.
    // /metrics has its own bearer token (METRICS_TOKEN) and carries no one's data (apps/api/src/observability).
    // The functions runtime's way back (/internal/v1/functions/bridge) has its own bearer token
    // (FUNCTIONS_TOKEN; none configured: it answers nobody) and each request must carry a call grant
    // the API signed (apps/api/src/functions/functions-host.test.ts).
    // A share link's card and picture show a shared project's name and picture to anyone holding the
    // link (its sign-up page), and 404 for every project that is not shared (apps/api/src/sprouts).
    // Git's smart HTTP (/git/) takes HTTP Basic with an access token, not a bearer token, and answers 401 without one (security/git-access.test.ts).
    // Caddy's TLS ask says only whether a name is a verified domain of a published app, which its DNS tells anyone (security/custom-domains.test.ts).
    for (const r of publicRoutes)
      expect(r).toMatch(
        /\/health$|\/metrics$|^POST \/internal\/v1\/functions\/bridge$|\/auth\/|\/openapi\.json$|\/billing\/(stripe\/webhook|mobile\/notification)$| \/_sprout\/v1\/|^(GET|HEAD) \/v1\/(preview\/)?magic\/:id\/(card|picture)$|^(GET|HEAD) \/v1\/hosting\/tls-ask$|^(GET|HEAD|POST) \/git\/:repo\//,
      );
    tally.note(`${routes.filter((r) => r.method !== 'OPTIONS').length} routes in the table (${publicRoutes.length} public)`);
  });

  it('refuses every hostile credential on every route that needs one, leaking nothing', async () => {
    const credentials = await forged();
    const routes = t.app.routeTable.filter((r) => r.method !== 'OPTIONS' && r.auth !== 'public');
    for (const r of routes) {
      const req = crossUserRequest(r) ?? { url: r.url.replace(/:(\w+)/g, 'x1') };
      for (const [name, authorization] of Object.entries(credentials)) {
        // 'optional' routes (analytics, error reports) take anonymous calls; a bad token is still refused.
        if (r.auth === 'optional' && name === 'no token') continue;
        const res = await send(r, authorization || null, req);
        const leaked = leaks(res.body);
        tally.check(res.statusCode === 401 && !leaked, `${name} → ${r.method} ${r.url}: ${res.statusCode}${leaked ? ` leaked ${leaked}` : ''}`);
      }
    }
    tally.assertClean();
  });

  it('answers another person’s resources with 403/404 on every route that names one, and writes nothing', async () => {
    const routes = t.app.routeTable.filter((r) => r.method !== 'OPTIONS' && r.auth !== 'public');
    let named = 0;
    for (const r of routes) {
      const req = crossUserRequest(r);
      if (!req) continue;
      named++;
      const res = await send(r, `Bearer ${other.idToken}`, req);
      const leaked = leaks(res.body);
      const refused = r.auth === 'staff' ? res.statusCode === 403 : [403, 404].includes(res.statusCode);
      tally.check(
        refused && !leaked,
        `another user → ${r.method} ${req.url}: ${res.statusCode}${leaked ? ` leaked ${leaked}` : ''} ${res.statusCode === 400 ? '(fixture invalid: fix the body in crossUserRequest)' : ''}`,
      );
      // And the owner may (GET/HEAD only: no side effects), so the fixture is what was refused, not a typo.
      if (r.method === 'GET' || r.method === 'HEAD') {
        const own = await send(r, `Bearer ${r.auth === 'staff' ? staff.idToken : owner.idToken}`, req);
        expect(own.statusCode, `${r.method} ${req.url} as its owner`).toBeLessThan(300);
      }
    }
    expect(named).toBeGreaterThan(30);
    tally.assertClean();
    expect(await snapshotOwner()).toEqual(before);
  });

  it('gives a valid impersonation token no staff powers, and another person’s token only their own lists', async () => {
    const impersonating = await t.app.services.tokens.issueImpersonationToken(staff.user.id, staff.user.id, 300);
    for (const r of t.app.routeTable.filter((x) => x.auth === 'staff' && x.method !== 'OPTIONS')) {
      const res = await send(r, `Bearer ${impersonating}`, crossUserRequest(r) ?? { url: fill(r.url) });
      tally.check(res.statusCode === 403, `impersonation token → staff route ${r.method} ${r.url}: ${res.statusCode}`);
    }
    // Routes without a resource id answer with the caller's own data only.
    for (const r of t.app.routeTable.filter((x) => x.method === 'GET' && x.auth === 'user' && !x.url.includes(':'))) {
      const res = await send(r, `Bearer ${other.idToken}`, { url: r.url });
      const leaked = leaks(res.body);
      tally.check(!leaked, `${r.url} as another user leaked ${leaked}`);
    }
    // Public routes (health, keys, the OpenAPI document) carry no one's data.
    for (const r of t.app.routeTable.filter((x) => x.method === 'GET' && x.auth === 'public')) {
      const res = await send(r, null, { url: r.url });
      const leaked = leaks(res.body);
      tally.check(!leaked, `public ${r.url} leaked ${leaked}`);
    }
    tally.assertClean();
  });
});
