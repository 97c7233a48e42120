import dgram from 'node:dgram';
import { afterAll, describe, expect, it } from 'vitest';
import { TestDnsServer } from '@sprout/testkit';
import { checkDomainDns } from './dns-check';

const dns = await TestDnsServer.start();
afterAll(() => dns.close());
const target = { cnameTarget: 'sites.sprout.test', ipv4: null };

describe('a DNS check of a custom domain', () => {
  it('passes with the TXT token and the CNAME, and says what is wrong otherwise', async () => {
    expect(await checkDomainDns(dns.address, 'a.check.example', 'tok', target)).toEqual({
      kind: 'wrong',
      message: 'No TXT record _sprout.a.check.example was found.',
    });
    dns.set('_sprout.a.check.example', { TXT: ['sprout-verify=tok'] });
    expect(await checkDomainDns(dns.address, 'a.check.example', 'tok', target)).toEqual({
      kind: 'wrong',
      message: 'No CNAME record a.check.example pointing to sites.sprout.test was found.',
    });
    dns.set('a.check.example', { CNAME: 'sites.sprout.test' });
    expect(await checkDomainDns(dns.address, 'a.check.example', 'tok', target)).toEqual({ kind: 'ok' });
  });

  it('checks an apex by its A record, or by the target’s addresses for an ALIAS', async () => {
    dns.set('_sprout.apex.example', { TXT: ['sprout-verify=tok'] });
    dns.set('apex.example', { A: ['198.51.100.7'] });
    expect(await checkDomainDns(dns.address, 'apex.example', 'tok', { ...target, ipv4: '198.51.100.7' })).toEqual({ kind: 'ok' });
    expect((await checkDomainDns(dns.address, 'apex.example', 'tok', { ...target, ipv4: '203.0.113.1' })).kind).toBe('wrong');
    expect((await checkDomainDns(dns.address, 'apex.example', 'tok', target)).kind).toBe('wrong');
    dns.set('sites.sprout.test', { A: ['198.51.100.7'] });
    expect(await checkDomainDns(dns.address, 'apex.example', 'tok', target)).toEqual({ kind: 'ok' });
  });

  it('concludes nothing when DNS does not answer', async () => {
    // A UDP port nobody reads: the question is refused (or times out), never answered.
    const silent = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', () => resolve()));
    const address = `127.0.0.1:${silent.address().port}`;
    await new Promise<void>((resolve) => silent.close(() => resolve()));
    const r = await checkDomainDns(address, 'a.check.example', 'tok', target);
    expect(r.kind).toBe('unreachable');
  });
});
