import { describe, expect, it } from 'vitest';
import { DummyPassword, hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const hash = await hashPassword('correct horse battery', 10);
    expect(hash).toMatch(/^scrypt\$10\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same password', 10)).not.toBe(await hashPassword('same password', 10));
  });

  it('rejects malformed stored hashes instead of throwing', async () => {
    for (const bad of ['', 'plain', 'scrypt$x$8$1$a$b', 'bcrypt$10$8$1$a$b', 'scrypt$99$8$1$a$b']) {
      expect(await verifyPassword('pw', bad)).toBe(false);
    }
  });

  it('treats unicode forms of the same password alike', async () => {
    const hash = await hashPassword('caf\u00e9-password', 10);
    expect(await verifyPassword('cafe\u0301-password', hash)).toBe(true);
  });

  it('dummy verification always fails', async () => {
    const dummy = new DummyPassword(10);
    expect(await dummy.verify('anything')).toBe(false);
    // Even the words it hashed: it answers no whatever it is sent.
    expect(await dummy.verify('not-a-real-password')).toBe(false);
  });
});
