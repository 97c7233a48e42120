import { describe, expect, it } from 'vitest';
import { bareHost, isPrivateHostName, parseCustomDomain } from './domain-name';

const RESERVED = ['sites.example.net', 'preview.example.net:8443', 'api.sprout.dev', 'sprout.dev'];
const ok = (input: unknown) => parseCustomDomain(input, RESERVED);

describe('a custom domain name', () => {
  it('is lower-cased and trimmed, its trailing dot dropped', () => {
    expect(ok('  Shop.Example.COM. ')).toEqual({ ok: true, domain: 'shop.example.com' });
    expect(ok('example.com')).toEqual({ ok: true, domain: 'example.com' });
    expect(ok('xn--bcher-kva.example')).toEqual({ ok: true, domain: 'xn--bcher-kva.example' });
  });

  it.each([
    [42, 'Enter a domain name'],
    [null, 'Enter a domain name'],
    ['', 'Enter a domain name'],
    ['https://shop.example.com', 'without http://'],
    ['shop.example.com/path', 'without http://'],
    ['shop.example.com?x=1', 'without http://'],
    ['me@example.com', 'email'],
    ['*.example.com', 'Wildcard'],
    ['127.0.0.1', 'IP address'],
    ['10.0.0.1:80', 'IP address'],
    ['[::1]', 'IP address'],
    ['::1', 'IP address'],
    ['shop.example.com:8080', 'IP address or a port'],
    ['localhost', 'with a dot'],
    ['app.localhost', 'private name'],
    ['printer.local', 'private name'],
    ['db.svc.internal', 'private name'],
    ['example', 'with a dot'],
    ['bücher.example', 'xn--'],
    ['-shop.example.com', 'hyphen'],
    ['shop-.example.com', 'hyphen'],
    ['sh_op.example.com', 'hyphen'],
    ['shop..example.com', 'hyphen'],
    ['<script>.example.com', 'hyphen'],
    ['1.2.3.4.5', 'IP address'],
    [`${'a'.repeat(64)}.example.com`, 'at most 63'],
    [`${'abcdefghi.'.repeat(26)}com`, 'at most 253'],
    ['x'.repeat(100_000), 'at most 253'],
    ['sites.example.net', 'belongs to Sprout'],
    ['my-app.sites.example.net', 'belongs to Sprout'],
    ['abc.preview.example.net', 'belongs to Sprout'],
    ['api.sprout.dev', 'belongs to Sprout'],
    ['evil.sprout.dev', 'belongs to Sprout'],
    ['example.net', 'belongs to Sprout'],
  ])('refuses %j with a clear message', (input, words) => {
    const r = ok(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain(words);
  });

  it('takes a name that merely ends like a reserved one', () => {
    expect(ok('notsites.example.net.org')).toEqual({ ok: true, domain: 'notsites.example.net.org' });
    expect(ok('mysprout.dev')).toEqual({ ok: true, domain: 'mysprout.dev' });
  });
});

describe('host helpers', () => {
  it('strips ports and trailing dots, keeps IPv6 brackets', () => {
    expect(bareHost('Shop.Example.com.:443')).toBe('shop.example.com');
    expect(bareHost('[::1]:3001')).toBe('[::1]');
  });
  it('knows private names', () => {
    expect(isPrivateHostName('localhost')).toBe(true);
    expect(isPrivateHostName('api.default.svc.cluster.local')).toBe(true);
    expect(isPrivateHostName('shop.example.com')).toBe(false);
    expect(isPrivateHostName('notlocalhost.com')).toBe(false);
  });
});
