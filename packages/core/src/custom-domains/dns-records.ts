/**
 * The DNS records an owner creates for a custom domain, and what a check of them must find
 * (docs/app-backend.md#custom-domains).
 */

/** Suffixes under which registrars sell names (`example.co.uk`): a name directly below one is an apex. A short list, not the public suffix list. */
const TWO_PART_SUFFIXES = new Set([
  'co.uk',
  'org.uk',
  'me.uk',
  'ltd.uk',
  'plc.uk',
  'ac.uk',
  'gov.uk',
  'com.au',
  'net.au',
  'org.au',
  'co.nz',
  'org.nz',
  'co.jp',
  'ne.jp',
  'or.jp',
  'com.br',
  'com.mx',
  'com.ar',
  'com.tr',
  'com.cn',
  'com.hk',
  'com.sg',
  'com.tw',
  'co.in',
  'co.za',
  'co.kr',
  'co.il',
  'com.pl',
  'com.ua',
  'co.id',
  'com.my',
]);

/** Whether a domain is an apex (`example.com`, `example.co.uk`), whose DNS may not hold a CNAME. */
export function isApexDomain(domain: string): boolean {
  const labels = domain.split('.');
  if (labels.length === 2) return true;
  return labels.length === 3 && TWO_PART_SUFFIXES.has(labels.slice(1).join('.'));
}

/** The name of the TXT record that proves the owner controls the domain. */
export const verifyRecordName = (domain: string) => `_sprout.${domain}`;
/** The value of that TXT record. */
export const verifyRecordValue = (token: string) => `sprout-verify=${token}`;

export type DomainRecordType = 'CNAME' | 'A' | 'ALIAS' | 'TXT';
export interface DomainRecord {
  type: DomainRecordType;
  name: string;
  value: string;
}

export interface SitesTarget {
  /** The host name a subdomain's CNAME points to (SITES_CNAME_TARGET, else SITES_DOMAIN's host). */
  cnameTarget: string;
  /** The address an apex domain's A record points to (SITES_IPV4); null: the apex needs ALIAS/ANAME to the CNAME target. */
  ipv4: string | null;
}

/**
 * The records to create: the app's address (a CNAME for a subdomain; for an apex an A record to
 * SITES_IPV4, else an ALIAS/ANAME record to the target, which DNS hosts that offer it flatten into A
 * records), and the TXT record that proves the domain is the owner's.
 */
export function domainRecords(domain: string, token: string, target: SitesTarget): DomainRecord[] {
  const address: DomainRecord = !isApexDomain(domain)
    ? { type: 'CNAME', name: domain, value: target.cnameTarget }
    : target.ipv4
      ? { type: 'A', name: domain, value: target.ipv4 }
      : { type: 'ALIAS', name: domain, value: target.cnameTarget };
  return [address, { type: 'TXT', name: verifyRecordName(domain), value: verifyRecordValue(token) }];
}

/** What a DNS check found (each list null when the name had none of those records). */
export interface DnsFindings {
  txt: string[] | null;
  cname: string[] | null;
  a: string[] | null;
  /** The target's own A records (compared with an apex's flattened ALIAS). */
  targetA: string[] | null;
}

const sameHost = (a: string, b: string) => a.toLowerCase().replace(/\.$/, '') === b.toLowerCase().replace(/\.$/, '');

/**
 * Whether the records found prove the domain and point it at Sprout: null when they do, else what is
 * wrong, in words for the owner. The TXT record is checked first: it is what proves ownership.
 */
export function recordsProblem(domain: string, token: string, target: SitesTarget, found: DnsFindings): string | null {
  const txtName = verifyRecordName(domain);
  const wanted = verifyRecordValue(token);
  if (!found.txt?.length) return `No TXT record ${txtName} was found.`;
  if (!found.txt.some((t) => t.trim() === wanted)) return `The TXT record ${txtName} does not contain ${wanted}.`;
  const [address] = domainRecords(domain, token, target);
  if (address!.type === 'CNAME') {
    if (found.cname?.some((c) => sameHost(c, target.cnameTarget))) return null;
    if (found.cname?.length) return `The CNAME record of ${domain} points to ${found.cname[0]}, not ${target.cnameTarget}.`;
    return `No CNAME record ${domain} pointing to ${target.cnameTarget} was found.`;
  }
  if (address!.type === 'A') {
    if (found.a?.includes(target.ipv4!)) return null;
    if (found.a?.length) return `The A record of ${domain} is ${found.a.join(', ')}, not ${target.ipv4}.`;
    return `No A record ${domain} pointing to ${target.ipv4} was found.`;
  }
  if (found.cname?.some((c) => sameHost(c, target.cnameTarget))) return null;
  if (found.a?.length && found.targetA?.some((ip) => found.a!.includes(ip))) return null;
  return `${domain} does not point to ${target.cnameTarget}: add an ALIAS or ANAME record to it (or the A records your DNS host flattens it to).`;
}
