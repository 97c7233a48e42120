import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactVerify, CompactSign } from 'jose';
import { listSigningKeys, type DbHandle } from '@sprout/db';
import { createTestDb } from '@sprout/db/testing';
import { KeyStore } from './key-store';

let h: DbHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(async () => {
  await h?.close();
});

const sign = async (store: KeyStore) => {
  const { kid, alg, key } = store.signingKey();
  return new CompactSign(new TextEncoder().encode('a token')).setProtectedHeader({ alg, kid }).sign(key);
};
const verifies = async (store: KeyStore, token: string) => {
  const kid = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).kid as string;
  const key = await store.publicKey(kid);
  return key !== null && (await compactVerify(token, key)).payload.length > 0;
};

describe('signing keys', () => {
  it('are one key for instances starting together on a new database: each verifies what the others signed at once', async () => {
    const stores = [new KeyStore(h.db), new KeyStore(h.db), new KeyStore(h.db)];
    await Promise.all(stores.map((s) => s.init()));
    expect(await listSigningKeys(h.db)).toHaveLength(1);
    for (const signer of stores) {
      const token = await sign(signer);
      for (const verifier of stores) expect(await verifies(verifier, token)).toBe(true);
    }
    // A later start loads the same key rather than making another.
    const later = new KeyStore(h.db);
    await later.init();
    expect(later.signingKey().kid).toBe(stores[0]!.signingKey().kid);
    expect(await listSigningKeys(h.db)).toHaveLength(1);
  });
});
