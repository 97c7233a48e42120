import { describe, expect, it } from 'vitest';
import { MAX_REMOTE_URL_LENGTH, parseRemoteToken, parseRemoteUrl } from './remote-url';

const strict = { allowLoopback: false };
const tests = { allowLoopback: true };
const refused = (input: unknown, opts = strict) => {
  const r = parseRemoteUrl(input, opts);
  return r.ok ? null : r.message;
};

describe('parseRemoteUrl', () => {
  it('takes the https address of a repository', () => {
    expect(parseRemoteUrl('  https://github.com/pat/shop.git ', strict)).toEqual({ ok: true, url: 'https://github.com/pat/shop.git' });
    expect(parseRemoteUrl('https://gitlab.example.com:8443/team/app', strict)).toEqual({ ok: true, url: 'https://gitlab.example.com:8443/team/app' });
  });

  it('refuses other schemes: file, ssh, git, ext and plain http', () => {
    for (const url of [
      'file:///etc',
      'ssh://git@github.com/a/b.git',
      'git://github.com/a/b.git',
      'ext::sh -c touch% /tmp/x',
      'http://github.com/a/b.git',
      'git@github.com:a/b.git',
    ]) {
      expect(refused(url), url).not.toBeNull();
    }
  });

  it('refuses credentials in the address', () => {
    expect(refused('https://user:pw@github.com/a/b.git')).toMatch(/token in its own field/);
    expect(refused('https://ghp_secret@github.com/a/b.git')).toMatch(/token in its own field/);
  });

  it('refuses private, loopback, link-local and IPv6-literal hosts', () => {
    for (const url of [
      'https://169.254.169.254/latest/meta-data',
      'https://127.0.0.1/a.git',
      'https://0x7f.1/a.git',
      'https://2130706433/a.git',
      'https://10.0.0.5/a.git',
      'https://192.168.1.1/a.git',
      'https://172.20.0.1/a.git',
      'https://[::1]/a.git',
      'https://[::ffff:127.0.0.1]/a.git',
      'https://localhost/a.git',
      'https://localhost./a.git',
      'https://git.internal/a.git',
      'https://gitserver/a.git',
    ]) {
      expect(refused(url), url).toMatch(/private network/);
    }
    expect(refused('http://169.254.169.254/x', tests)).toMatch(/Only https/);
  });

  it('allows plain http to the loopback only with the flag', () => {
    expect(refused('http://127.0.0.1:4000/repo.git')).toMatch(/Only https/);
    expect(parseRemoteUrl('http://127.0.0.1:4000/repo.git', tests)).toEqual({ ok: true, url: 'http://127.0.0.1:4000/repo.git' });
    expect(refused('http://10.0.0.1:4000/repo.git', tests)).toMatch(/Only https/);
  });

  it('refuses hostile or malformed input with a clear message', () => {
    expect(refused(undefined)).toMatch(/Enter the address/);
    expect(refused(42)).toMatch(/Enter the address/);
    expect(refused('https://github.com/a/b.git?x=1')).toMatch(/\? or #/);
    expect(refused('https://github.com/a b.git')).toMatch(/spaces/);
    expect(refused('https://github.com/a/b.git\n[core]')).toMatch(/spaces/);
    expect(refused(`https://github.com/${'a'.repeat(MAX_REMOTE_URL_LENGTH)}`)).toMatch(/too long/);
    expect(refused('https://github.com/')).toMatch(/repository path/);
    expect(refused('not a url')).not.toBeNull();
  });
});

describe('parseRemoteToken', () => {
  it('takes an empty token (public repository) or a printable one', () => {
    expect(parseRemoteToken(undefined)).toEqual({ ok: true, token: '' });
    expect(parseRemoteToken('')).toEqual({ ok: true, token: '' });
    expect(parseRemoteToken(' ghp_abc123 ')).toEqual({ ok: true, token: 'ghp_abc123' });
  });

  it('refuses tokens that could break a header', () => {
    expect(parseRemoteToken('abc\r\nX-Evil: 1').ok).toBe(false);
    expect(parseRemoteToken('a b').ok).toBe(false);
    expect(parseRemoteToken(7).ok).toBe(false);
    expect(parseRemoteToken('x'.repeat(501)).ok).toBe(false);
  });
});
