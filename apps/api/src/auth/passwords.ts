import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 32;

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

const memFor = (cost: number, r: number) => 128 * r * 2 ** cost * 2;

/**
 * scrypt (no native dependency), parameters stored with the hash so the cost can be raised later
 * without invalidating existing passwords. Format: scrypt$<log2 N>$<r>$<p>$<salt>$<key>.
 */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const r = 8;
  const p = 1;
  const key = await scryptAsync(password, salt, { N: 2 ** cost, r, p, maxmem: memFor(cost, r) });
  return ['scrypt', cost, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [cost, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![cost, r, p].every(Number.isInteger) || cost < 1 || cost > 22) return false;
  const expected = Buffer.from(parts[5]!, 'base64url');
  const key = await scryptAsync(password, Buffer.from(parts[4]!, 'base64url'), {
    N: 2 ** cost,
    r,
    p,
    maxmem: memFor(cost, r),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * What a sign-in checks a password against when the address is unknown, at the app's own cost: it
 * burns the same time as a real check, so response timing does not reveal whether an email exists.
 * One per app (in its services), hashed on first use.
 */
export class DummyPassword {
  private hash: Promise<string> | undefined;

  constructor(private readonly cost: number) {}

  async verify(password: string): Promise<false> {
    this.hash ??= hashPassword('not-a-real-password', this.cost);
    await verifyPassword(password, await this.hash);
    return false;
  }
}
