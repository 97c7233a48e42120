import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../testing';
import type { DbHandle } from '../create-db';
import { newId, sha256Hex } from '../ids';
import { createUser, type UserRow } from '../queries/users';
import { createSproutForUser } from '../operations/create-sprout';
import { publishDeployment } from '../operations/publish';
import { startMessageRun } from '../operations/start-run';
import { softDeleteSproutForOwner } from '../queries/sprouts';
import { insertRunEvents } from '../queries/run-events';
import { finishRun } from '../queries/runs';
import { getVersionFiles } from '../queries/versions';
import { insertUpload } from '../queries/uploads';
import { upsertSubscription } from '../queries/subscriptions';
import { insertCheckoutSession, recordBillingEvent } from '../queries/billing';
import { insertRefreshToken } from '../queries/refresh-tokens';
import { insertPasswordReset } from '../queries/password-resets';
import { hitRateLimit } from '../queries/rate-limits';
import { insertAnalyticsEvents, recordVisit, setFlagOverride, writeAudit } from '../queries/misc';
import { insertAppDocument } from '../app-data/documents';
import { createAppUser } from '../app-data/users';
import { insertAppFile } from '../app-data/files';
import { putScreenshot, saveRunAttempt } from '../attempts/attempts';
import { replaceEmailToken } from './email-tokens';
import { deleteAccountData } from './delete-account';

let h: DbHandle;
// PGlite and node-postgres both answer `{ rows }`; drizzle types the union as unknown.
const rowsOf = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => ((await h.db.execute(query)) as unknown as { rows: T[] }).rows;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

// Content every project shares (the template's files are the same for everyone).
const SHARED = 'export const shared = "the same file in every project";';

async function person(tag: string): Promise<UserRow> {
  return createUser(h.db, { email: `${tag}-${newId(6)}@example.com`, passwordHash: 'scrypt$x', displayName: `Person ${tag}` });
}

async function project(owner: UserRow, name: string, marker: string) {
  const created = await createSproutForUser(h.db, {
    ownerId: owner.id,
    displayName: name,
    files: [
      { path: 'client/src/shared.ts', content: SHARED },
      { path: 'client/src/App.tsx', content: `export default () => '${marker}';` },
    ],
  });
  if (!created.ok) throw new Error('project limit');
  return created.sprout;
}

/** Everything a busy person leaves in the database: projects, a published app, runs, app data, billing, sessions, analytics. */
async function busyPerson(tag: string, marker: string) {
  const user = await person(tag);
  const live = await project(user, `Live ${tag}`, marker);
  const drafts = await project(user, `Draft ${tag}`, `${marker}-draft`);
  await softDeleteSproutForOwner(h.db, drafts.id, user.id);
  const published = await publishDeployment(h.db, {
    ownerId: user.id,
    sproutId: live.id,
    versionId: live.currentVersionId!,
    publicUrl: `http://${tag}.sites.localhost:3001`,
    deploymentId: newId(),
    // Its bytes are in the file store too: the row names them by a key of the deployment.
    files: [{ path: 'index.html', contentType: 'text/html', storageKey: `deployments/${newId()}/0`, size: 12 }],
  });
  if (!published.ok) throw new Error('publish refused');
  await h.db.execute(sql`update sprouts set slug = ${`${tag}-${newId(4)}`} where id = ${live.id}`);
  const started = await startMessageRun(h.db, {
    sproutId: live.id,
    userId: user.id,
    text: `Make it say ${marker}`,
    attachments: [],
    model: 'offline',
    baseVersionId: live.currentVersionId,
  });
  if (!started.ok) throw new Error('run refused');
  await insertRunEvents(h.db, [{ runId: started.run.id, seq: 1, type: 'text.delta', data: { text: marker }, createdAt: new Date() }]);
  await finishRun(h.db, started.run.id, { status: 'succeeded', summary: marker });
  const live_ = { sproutId: live.id, dataset: 'live' as const };
  await insertAppDocument(h.db, live_, {
    collection: 'notes',
    data: { text: marker },
    createdBy: 'visitor-1',
    unique: [],
    quota: { documents: 100, storageBytes: 1e6 },
  });
  await createAppUser(h.db, live_, { email: `fan-of-${tag}@example.com`, passwordHash: 'x', maxUsers: 10 });
  // The bytes are in the file store; the rows name them by keys that say nothing of the person.
  const fileKeys = [`app-files/ab/${newId()}`, `uploads/ab/${newId()}`];
  await insertAppFile(h.db, live_, { name: 'photo.png', mimeType: 'image/png', storageKey: fileKeys[0]!, size: 3, createdBy: 'visitor-1', storageBytes: 1e6 });
  await saveRunAttempt(h.db, {
    runId: started.run.id,
    sproutId: live.id,
    candidateId: newId(),
    baseVersionId: live.currentVersionId,
    summary: marker,
    issues: [],
    files: [{ path: 'client/src/Broken.tsx', content: `${marker}-attempt(` }],
  });
  await putScreenshot(h.db, { id: live.currentVersionId!, sproutId: live.id, image: new Uint8Array([9]) });
  await insertUpload(h.db, { userId: user.id, sproutId: live.id, mimeType: 'image/png', storageKey: fileKeys[1]!, size: 2, sha256: sha256Hex('77') });
  await upsertSubscription(h.db, user.id, { type: 'subscribed on web', tierType: 'tier-1', provider: 'stripe', providerSubscriptionId: `sub_${tag}` });
  await insertCheckoutSession(h.db, { id: newId(32), userId: user.id, tierType: 'tier-2', returnTo: '/build', expiresAt: new Date(Date.now() + 60_000) });
  await insertRefreshToken(h.db, { userId: user.id, familyId: newId(), tokenHash: newId(40), expiresAt: new Date(Date.now() + 60_000) });
  await insertPasswordReset(h.db, { userId: user.id, tokenHash: newId(40), expiresAt: new Date(Date.now() + 60_000) });
  await replaceEmailToken(h.db, {
    userId: user.id,
    purpose: 'change',
    email: `new-${user.email}`,
    tokenHash: newId(40),
    expiresAt: new Date(Date.now() + 60_000),
  });
  await recordVisit(h.db, { userId: user.id, appName: 'web', userAgent: marker });
  await setFlagOverride(h.db, user.id, 'enableDiffView', true);
  const anonymousId = `anon-${tag}-${newId(6)}`;
  await insertAnalyticsEvents(h.db, [
    { messageId: newId(), userId: user.id, anonymousId, name: 'Prompt Sent', properties: { marker }, occurredAt: new Date() },
    // Before signing in, the same browser was a visitor: those events are theirs too.
    { messageId: newId(), userId: null, anonymousId, name: 'Page Viewed', properties: { marker }, occurredAt: new Date() },
  ]);
  await recordBillingEvent(h.db, { source: 'stripe', eventId: `evt_${newId()}`, type: 'customer.subscription.updated', userId: user.id, outcome: 'applied' });
  await hitRateLimit(h.db, `login:account:${user.email}:10.0.0.1`, 60_000);
  await hitRateLimit(h.db, `reset:${user.id}`, 60_000);
  await hitRateLimit(h.db, `app-login:${live.id}:fan@example.com:10.0.0.1`, 60_000);
  await writeAudit(h.db, { actorId: null, action: 'staff.bootstrap', targetUserId: user.id, details: { reason: 'test' } });
  return { user, sproutIds: [live.id, drafts.id], liveVersionId: live.currentVersionId!, fileKeys };
}

async function tablesOf(): Promise<string[]> {
  const rows = await rowsOf<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  return rows.map((r) => r.table_name);
}

/** Rows of every table whose text (all columns) contains `needle`: a table added later is searched too. */
async function rowsMentioning(needle: string, except: string[] = []): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const table of await tablesOf()) {
    if (except.includes(table)) continue;
    const rows = await rowsOf<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)} t where position(${needle} in t::text) > 0`);
    const n = Number(rows[0]!.n);
    if (n > 0) found[table] = n;
  }
  return found;
}

async function countsFor(userId: string) {
  const rows = await rowsOf<{ sprouts: number; versions: number; events: number; subs: number }>(sql`select
    (select count(*)::int from sprouts where owner_id = ${userId}) as sprouts,
    (select count(*)::int from versions v join sprouts s on s.id = v.sprout_id where s.owner_id = ${userId}) as versions,
    (select count(*)::int from analytics_events where user_id = ${userId}) as events,
    (select count(*)::int from subscriptions where user_id = ${userId}) as subs`);
  return rows[0];
}

describe('deleteAccountData', () => {
  it('leaves nothing of the person, and leaves everyone else as they were', async () => {
    const ada = await busyPerson('ada', 'ada-secret-marker');
    const bob = await busyPerson('bob', 'bob-secret-marker');
    // Someone whose address contains Ada's: their counters are theirs.
    await hitRateLimit(h.db, `login:account:x${ada.user.email}:10.0.0.1`, 60_000);
    const bobBefore = await countsFor(bob.user.id);

    const result = await deleteAccountData(h.db, ada.user.id, { actorId: ada.user.id, details: { projects: 2 } });
    expect(result).toEqual({ projects: 2, publishedApps: 1, blobs: expect.any(Number) });
    // Ada's own files went; the file every project shares stays for Bob.
    expect(result!.blobs).toBeGreaterThanOrEqual(3);

    for (const needle of ['ada-secret-marker', `:${ada.user.email}:`, ada.user.displayName, ...ada.sproutIds]) {
      expect(await rowsMentioning(needle), needle).toEqual({});
    }
    // Rate-limit keys hold an address between colons; the one above, of someone else, contains Ada's.
    expect(await rowsMentioning(ada.user.email, ['rate_limits'])).toEqual({});
    // Only the audit log still names the (now meaningless) id: who did what stays on the record.
    expect(await rowsMentioning(ada.user.id)).toEqual({ audit_log: 2 });
    const audit = await rowsOf<{ action: string; details: unknown }>(
      sql`select action, details from audit_log where target_user_id = ${ada.user.id} order by id`,
    );
    expect(audit.map((r) => r.action)).toEqual(['staff.bootstrap', 'account.deleted']);

    // Their files' bytes are queued for the file store's sweep, Bob's are not.
    const queued = (await rowsOf<{ key: string }>(sql`select key from file_deletions`)).map((r) => r.key);
    expect(queued).toEqual(expect.arrayContaining(ada.fileKeys));
    for (const key of bob.fileKeys) expect(queued).not.toContain(key);

    expect(await countsFor(bob.user.id)).toEqual(bobBefore);
    expect(await rowsMentioning('bob-secret-marker')).not.toEqual({});
    const bobFiles = await getVersionFiles(h.db, bob.liveVersionId);
    expect(bobFiles.map((f) => f.content)).toContain(SHARED);
    const keys = await rowsOf<{ key: string }>(sql`select key from rate_limits order by key`);
    expect(keys.map((r) => r.key)).toEqual(
      expect.arrayContaining([`login:account:x${ada.user.email}:10.0.0.1`, `login:account:${bob.user.email}:10.0.0.1`, `reset:${bob.user.id}`]),
    );
  });

  it('answers null for an account that is already gone, and deletes a person with nothing at all', async () => {
    const empty = await person('empty');
    expect(await deleteAccountData(h.db, empty.id, { actorId: empty.id, details: {} })).toEqual({ projects: 0, publishedApps: 0, blobs: 0 });
    expect(await deleteAccountData(h.db, empty.id, { actorId: empty.id, details: {} })).toBeNull();
    expect(await rowsMentioning(empty.email)).toEqual({});
  });
});
