import { describe, expect, it } from 'vitest';
import { type DnsFindings, domainRecords, isApexDomain, recordsProblem } from './dns-records';

const target = { cnameTarget: 'sites.sprout.dev', ipv4: null };
const withIp = { cnameTarget: 'sites.sprout.dev', ipv4: '203.0.113.5' };
const found = (o: Partial<DnsFindings>): DnsFindings => ({ txt: null, cname: null, a: null, targetA: null, ...o });
const TXT = ['sprout-verify=tok'];

describe('the records to create', () => {
  it('a subdomain: CNAME to the target and the TXT proof', () => {
    expect(domainRecords('shop.example.com', 'tok', target)).toEqual([
      { type: 'CNAME', name: 'shop.example.com', value: 'sites.sprout.dev' },
      { type: 'TXT', name: '_sprout.shop.example.com', value: 'sprout-verify=tok' },
    ]);
  });
  it('an apex: an A record to SITES_IPV4, else ALIAS to the target', () => {
    expect(domainRecords('example.com', 'tok', withIp)[0]).toEqual({ type: 'A', name: 'example.com', value: '203.0.113.5' });
    expect(domainRecords('example.co.uk', 'tok', target)[0]).toEqual({ type: 'ALIAS', name: 'example.co.uk', value: 'sites.sprout.dev' });
  });
  it('tells apexes from subdomains', () => {
    expect(isApexDomain('example.com')).toBe(true);
    expect(isApexDomain('example.co.uk')).toBe(true);
    expect(isApexDomain('www.example.com')).toBe(false);
    expect(isApexDomain('www.example.co.uk')).toBe(false);
  });
});

describe('a check of the records', () => {
  it('passes when the TXT holds the token and the CNAME points at the target', () => {
    expect(recordsProblem('shop.example.com', 'tok', target, found({ txt: ['other', ...TXT], cname: ['Sites.Sprout.dev.'] }))).toBeNull();
  });
  it('names what is missing or wrong', () => {
    expect(recordsProblem('shop.example.com', 'tok', target, found({}))).toBe('No TXT record _sprout.shop.example.com was found.');
    expect(recordsProblem('shop.example.com', 'tok', target, found({ txt: ['sprout-verify=other'] }))).toBe(
      'The TXT record _sprout.shop.example.com does not contain sprout-verify=tok.',
    );
    // A token as a prefix of a longer value is not the token.
    expect(recordsProblem('shop.example.com', 'tok', target, found({ txt: ['sprout-verify=tokX'], cname: ['sites.sprout.dev'] }))).toContain(
      'does not contain',
    );
    expect(recordsProblem('shop.example.com', 'tok', target, found({ txt: TXT }))).toBe(
      'No CNAME record shop.example.com pointing to sites.sprout.dev was found.',
    );
    expect(recordsProblem('shop.example.com', 'tok', target, found({ txt: TXT, cname: ['evil.example'] }))).toBe(
      'The CNAME record of shop.example.com points to evil.example, not sites.sprout.dev.',
    );
  });
  it('an apex: the A record, or an ALIAS flattened to the target’s addresses', () => {
    expect(recordsProblem('example.com', 'tok', withIp, found({ txt: TXT, a: ['203.0.113.5'] }))).toBeNull();
    expect(recordsProblem('example.com', 'tok', withIp, found({ txt: TXT, a: ['198.51.100.1'] }))).toBe(
      'The A record of example.com is 198.51.100.1, not 203.0.113.5.',
    );
    expect(recordsProblem('example.com', 'tok', withIp, found({ txt: TXT }))).toContain('No A record');
    expect(recordsProblem('example.com', 'tok', target, found({ txt: TXT, a: ['198.51.100.1'], targetA: ['198.51.100.1'] }))).toBeNull();
    expect(recordsProblem('example.com', 'tok', target, found({ txt: TXT, a: ['198.51.100.2'], targetA: ['198.51.100.1'] }))).toContain('ALIAS');
  });
});
