import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@sprout/db/testing';
import { createUser, type DbHandle } from '@sprout/db';
import { createHash } from 'node:crypto';
import { createHandoff, HANDOFF_TTL_MS, takeHandoff } from './handoff';

const SECRET = 'the-sign-in-tab-secret-0123456789abcdef';
const tabHash = createHash('sha256').update(SECRET).digest('hex');

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

describe('the handoff of a finished sign-in to the page', () => {
  it('is a random code that works once, stored only as its hash', async () => {
    const u = await createUser(h.db, { email: 'handoff@example.com', passwordHash: '', displayName: 'H' });
    const code = await createHandoff(h.db, { userId: u.id, redirectUrl: '/settings', prompt: null, created: false, tabHash });
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await h.db.execute<{ code_hash: string }>('select code_hash from oidc_handoffs');
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(await takeHandoff(h.db, code, SECRET)).toMatchObject({ userId: u.id, redirectUrl: '/settings' });
    expect(await takeHandoff(h.db, code, SECRET)).toBeNull();
    expect(await takeHandoff(h.db, 'made-up', SECRET)).toBeNull();
  });

  it('is for the tab that started the sign-in only, and spent by a try from another', async () => {
    const u = await createUser(h.db, { email: 'tab@example.com', passwordHash: '', displayName: 'T' });
    const code = await createHandoff(h.db, { userId: u.id, redirectUrl: null, prompt: null, created: false, tabHash });
    expect(await takeHandoff(h.db, code, 'someone-else-s-tab-secret-0123456789')).toBeNull();
    expect(await takeHandoff(h.db, code, SECRET)).toBeNull();
  });

  it('expires after a minute', async () => {
    const u = await createUser(h.db, { email: 'late@example.com', passwordHash: '', displayName: 'L' });
    const code = await createHandoff(h.db, { userId: u.id, redirectUrl: null, prompt: null, created: true, tabHash }, Date.now() - HANDOFF_TTL_MS - 1);
    expect(await takeHandoff(h.db, code, SECRET)).toBeNull();
  });
});
