import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import { insertFirstSigningKey, listSigningKeys, newId, type Db } from '@sprout/db';

const ALG = 'ES256';

interface LoadedKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

/**
 * Signing keys live in the database so every api instance signs and verifies with the same keys
 * and tokens survive restarts. An unknown `kid` triggers one reload (a key another instance added).
 */
export class KeyStore {
  private keys = new Map<string, LoadedKey>();
  private current?: LoadedKey;
  private lastReload = 0;

  constructor(private readonly db: Db) {}

  async init(): Promise<void> {
    await this.load();
    if (this.current) return;
    const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
    const kid = newId(16);
    // Another instance starting at the same moment may have made the first key: then that one is used.
    await insertFirstSigningKey(this.db, {
      kid,
      alg: ALG,
      privateJwk: { ...(await exportJWK(privateKey)) },
      publicJwk: { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' },
    });
    await this.load();
    if (!this.current) throw new Error('No signing key could be created');
  }

  private async load(): Promise<void> {
    const rows = await listSigningKeys(this.db);
    const keys = new Map<string, LoadedKey>();
    for (const row of rows) {
      keys.set(row.kid, {
        kid: row.kid,
        privateKey: (await importJWK(row.privateJwk as JWK, row.alg)) as CryptoKey,
        publicKey: (await importJWK(row.publicJwk as JWK, row.alg)) as CryptoKey,
        publicJwk: row.publicJwk as JWK,
      });
    }
    this.keys = keys;
    // Rows come newest first: the newest key signs.
    this.current = rows[0] ? keys.get(rows[0].kid) : undefined;
    this.lastReload = Date.now();
  }

  signingKey(): { kid: string; alg: string; key: CryptoKey } {
    if (!this.current) throw new Error('KeyStore.init() was not called');
    return { kid: this.current.kid, alg: ALG, key: this.current.privateKey };
  }

  async publicKey(kid: string | undefined): Promise<CryptoKey | null> {
    if (!kid) return null;
    const known = this.keys.get(kid);
    if (known) return known.publicKey;
    // Reload at most every 10 s so random kids cannot hammer the database.
    if (Date.now() - this.lastReload > 10_000) await this.load();
    return this.keys.get(kid)?.publicKey ?? null;
  }

  jwks(): { keys: JWK[] } {
    return { keys: [...this.keys.values()].map((k) => k.publicJwk) };
  }
}
