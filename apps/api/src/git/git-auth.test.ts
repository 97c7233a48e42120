import { describe, expect, it } from 'vitest';
import { basicPassword } from './git-auth';

const basic = (s: string) => `Basic ${Buffer.from(s).toString('base64')}`;

describe('HTTP Basic', () => {
  it('reads the password whatever the user name, and nothing else', () => {
    expect(basicPassword(basic('x:spt_abc'))).toBe('spt_abc');
    expect(basicPassword(basic('me@example.com:pa:ss'))).toBe('pa:ss');
    expect(basicPassword(basic('no-colon'))).toBeNull();
    expect(basicPassword('Bearer spt_abc')).toBeNull();
    expect(basicPassword(undefined)).toBeNull();
    expect(basicPassword(`Basic ${'A'.repeat(5000)}`)).toBeNull();
  });
});
