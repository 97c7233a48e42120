import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Seals apps' secrets with AES-256-GCM under keys from the environment (or a key file in the data
 * folder), so a copy of the database alone opens nothing. Each sealed value names its key by id.
 */
export class SecretBox {
  private readonly keys: { id: string; key: Buffer }[];

  constructor(keys: Buffer[]) {
    if (keys.length === 0) throw new Error('SecretBox needs a key');
    this.keys = keys.map((key) => ({ id: createHash('sha256').update(key).digest('hex').slice(0, 12), key }));
  }

  /** From SECRETS_KEY, or the installation's key file (created on first use, readable by its owner only). */
  static fromConfig(c: { secretsKeys: string[] | null; keyFile: string }): SecretBox {
    if (c.secretsKeys) return new SecretBox(c.secretsKeys.map((k) => Buffer.from(k, 'base64')));
    if (existsSync(c.keyFile)) {
      const kept = Buffer.from(readFileSync(c.keyFile, 'utf8').trim(), 'base64');
      if (kept.length === 32) return new SecretBox([kept]);
    }
    mkdirSync(path.dirname(c.keyFile), { recursive: true });
    const key = randomBytes(32);
    writeFileSync(c.keyFile, `${key.toString('base64')}\n`, { mode: 0o600 });
    chmodSync(c.keyFile, 0o600);
    return new SecretBox([key]);
  }

  seal(plain: string, context: string): { sealed: string; keyId: string } {
    const { id, key } = this.keys[0]!;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    // The context (project, dataset, name) is authenticated: a sealed value copied to another row does not open.
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return { sealed: Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url'), keyId: id };
  }

  /** The value, or null when no key opens it (rotated away, or moved to another row). */
  open(sealed: string, keyId: string, context: string): string | null {
    const entry = this.keys.find((k) => k.id === keyId);
    if (!entry) return null;
    const raw = Buffer.from(sealed, 'base64url');
    if (raw.length < 28) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', entry.key, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(raw.subarray(raw.length - 16));
      return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
