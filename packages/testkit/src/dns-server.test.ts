import { Resolver } from 'node:dns/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { TestDnsServer } from './dns-server';

const dns = await TestDnsServer.start();
afterAll(() => dns.close());
const resolver = new Resolver({ timeout: 2000, tries: 1 });
resolver.setServers([dns.address]);

describe('the test DNS server', () => {
  it('answers TXT, CNAME and A from its zone; NXDOMAIN and no-data as real servers do', async () => {
    dns.set('_sprout.shop.example.com', { TXT: ['sprout-verify=abc', 'other'] });
    dns.set('shop.example.com', { CNAME: 'sites.sprout.dev' });
    dns.set('example.com', { A: ['203.0.113.5'] });
    expect(await resolver.resolveTxt('_sprout.shop.example.com')).toEqual([['sprout-verify=abc'], ['other']]);
    expect(await resolver.resolveCname('shop.example.com')).toEqual(['sites.sprout.dev']);
    expect(await resolver.resolve4('example.com')).toEqual(['203.0.113.5']);
    await expect(resolver.resolveTxt('nothing.example.com')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    await expect(resolver.resolve4('shop.example.com')).rejects.toMatchObject({ code: 'ENODATA' });
    dns.remove('shop.example.com');
    await expect(resolver.resolveCname('shop.example.com')).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });
});
