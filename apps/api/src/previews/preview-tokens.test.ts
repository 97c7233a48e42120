import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@sprout/db/testing';
import type { DbHandle } from '@sprout/db';
import { KeyStore } from '../auth/key-store';
import { PREVIEW_GRANT_TTL_SECONDS, PREVIEW_LOAD_TTL_SECONDS, PreviewTokens } from './preview-tokens';

let db: DbHandle;
let tokens: PreviewTokens;
beforeAll(async () => {
  db = await createTestDb();
  const keys = new KeyStore(db.db);
  await keys.init();
  tokens = new PreviewTokens(keys, 'http://localhost:3001');
});
afterAll(async () => {
  await db?.close();
});

describe('PreviewTokens', () => {
  it('round-trips a grant for one project and one use', async () => {
    const { token, expiresAt } = await tokens.sign('grant', 'user1', 'sprout1');
    expect(expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(PREVIEW_GRANT_TTL_SECONDS * 1000);
    expect(await tokens.verify(token, 'grant', 'sprout1')).toEqual({ userId: 'user1', versionId: null, issuedAt: expect.any(Number), isolated: false });
    expect(await tokens.verify(token, 'session', 'sprout1')).toBeNull();
    expect(await tokens.verify(token, 'grant', 'sprout2')).toBeNull();
  });

  it('tags a page load with the version it showed, and a load tag is nothing else', async () => {
    const { token } = await tokens.sign('load', 'user1', 'sprout1', Date.now(), 'version1');
    expect(await tokens.verify(token, 'load', 'sprout1')).toEqual({ userId: 'user1', versionId: 'version1', issuedAt: expect.any(Number), isolated: false });
    expect(await tokens.verify(token, 'session', 'sprout1')).toBeNull();
    expect(await tokens.verify(token, 'grant', 'sprout1')).toBeNull();
    const old = await tokens.sign('load', 'user1', 'sprout1', Date.now() - 2 * PREVIEW_LOAD_TTL_SECONDS * 1000, 'version1');
    expect(await tokens.verify(old.token, 'load', 'sprout1')).toBeNull();
  });

  it('marks a behaviour check’s token as isolated (its app data is not the test data), and only that one', async () => {
    const check = await tokens.sign('check', 'user1', 'sprout1', Date.now(), 'candidate1', true);
    expect(await tokens.verify(check.token, 'check', 'sprout1')).toMatchObject({ versionId: 'candidate1', isolated: true });
    const render = await tokens.sign('check', 'user1', 'sprout1', Date.now(), 'candidate1');
    expect(await tokens.verify(render.token, 'check', 'sprout1')).toMatchObject({ versionId: 'candidate1', isolated: false });
  });

  it('refuses expired, tampered, foreign-issuer and garbage tokens', async () => {
    const expired = await tokens.sign('grant', 'u', 's', Date.now() - 3 * PREVIEW_GRANT_TTL_SECONDS * 1000);
    expect(await tokens.verify(expired.token, 'grant', 's')).toBeNull();
    const good = (await tokens.sign('session', 'u', 's')).token;
    const [h, p, sig] = good.split('.');
    const tampered = [h, Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), sub: 'admin' })).toString('base64url'), sig].join(
      '.',
    );
    expect(await tokens.verify(tampered, 'session', 's')).toBeNull();
    const other = new PreviewTokens((tokens as unknown as { keys: KeyStore }).keys, 'http://elsewhere');
    expect(await other.verify(good, 'session', 's')).toBeNull();
    expect(await tokens.verify('not-a-jwt', 'session', 's')).toBeNull();
  });
});
