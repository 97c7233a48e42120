import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  it('seals so that only its key and the same context open it, and the value is not in the sealed text', () => {
    const box = new SecretBox([randomBytes(32)]);
    const { sealed, keyId } = box.seal('sk_live_abcdefghijkl', 'p1:live:STRIPE');
    expect(sealed).not.toContain('sk_live');
    expect(Buffer.from(sealed, 'base64url').toString('latin1')).not.toContain('abcdefgh');
    expect(box.open(sealed, keyId, 'p1:live:STRIPE')).toBe('sk_live_abcdefghijkl');
    expect(box.open(sealed, keyId, 'p2:live:STRIPE')).toBeNull();
    expect(new SecretBox([randomBytes(32)]).open(sealed, keyId, 'p1:live:STRIPE')).toBeNull();
    expect(box.open(`${sealed.slice(0, -2)}AA`, keyId, 'p1:live:STRIPE')).toBeNull();
  });

  it('opens what an older key sealed while it is still listed, and seals with the first', () => {
    const [oldKey, newKey] = [randomBytes(32), randomBytes(32)];
    const before = new SecretBox([oldKey]).seal('v', 'c');
    const rotated = new SecretBox([newKey, oldKey]);
    expect(rotated.open(before.sealed, before.keyId, 'c')).toBe('v');
    expect(rotated.seal('v', 'c').keyId).not.toBe(before.keyId);
  });

  it('makes a key file once, readable by its owner only, when no key is configured', () => {
    const keyFile = path.join(mkdtempSync(path.join(tmpdir(), 'sprout-keys-')), 'data', 'secrets-key');
    const sealed = SecretBox.fromConfig({ secretsKeys: null, keyFile }).seal('v', 'c');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'base64')).toHaveLength(32);
    expect(SecretBox.fromConfig({ secretsKeys: null, keyFile }).open(sealed.sealed, sealed.keyId, 'c')).toBe('v');
  });
});
