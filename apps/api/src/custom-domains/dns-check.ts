import { Resolver } from 'node:dns/promises';
import { type DnsFindings, isApexDomain, recordsProblem, type SitesTarget, verifyRecordName } from '@sprout/core';

/** Per query: a DNS server that does not answer soon will not answer (each query is tried twice). */
const QUERY_TIMEOUT_MS = 2_500;

/** Answers that mean "there is no such record" rather than "DNS did not answer". */
const NO_RECORD = new Set(['ENODATA', 'ENOTFOUND', 'NOTFOUND', 'ENONAME']);

export type DnsCheck = { kind: 'ok' } | { kind: 'wrong'; message: string } | { kind: 'unreachable'; message: string };

class Unreachable extends Error {}

function resolverOf(server: string | null): Resolver {
  const resolver = new Resolver({ timeout: QUERY_TIMEOUT_MS, tries: 2 });
  if (server) resolver.setServers([server]);
  return resolver;
}

/** The records of one kind at a name; null when it has none; throws Unreachable when DNS did not answer. */
async function records<T>(query: () => Promise<T[]>): Promise<T[] | null> {
  try {
    const found = await query();
    return found.length ? found : null;
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    if (NO_RECORD.has(code)) return null;
    throw new Unreachable(code);
  }
}

/** Asks DNS (DNS_RESOLVER, else the system's resolvers) for the records a domain's check needs. */
async function lookupDomainRecords(server: string | null, domain: string, target: SitesTarget): Promise<DnsFindings> {
  const r = resolverOf(server);
  const apex = isApexDomain(domain);
  const [txt, cname, a, targetA] = await Promise.all([
    records(async () => (await r.resolveTxt(verifyRecordName(domain))).map((chunks) => chunks.join(''))),
    apex && target.ipv4 ? Promise.resolve(null) : records(() => r.resolveCname(domain)),
    apex ? records(() => r.resolve4(domain)) : Promise.resolve(null),
    apex && !target.ipv4 ? records(() => r.resolve4(target.cnameTarget)) : Promise.resolve(null),
  ]);
  return { txt, cname, a, targetA };
}

/**
 * Checks a domain's records: ok, wrong (what is wrong, for the owner), or unreachable (DNS did not
 * answer: nothing is concluded from it, so a verified domain stays verified).
 */
export async function checkDomainDns(server: string | null, domain: string, token: string, target: SitesTarget): Promise<DnsCheck> {
  try {
    const problem = recordsProblem(domain, token, target, await lookupDomainRecords(server, domain, target));
    return problem ? { kind: 'wrong', message: problem } : { kind: 'ok' };
  } catch (err) {
    if (!(err instanceof Unreachable)) throw err;
    return { kind: 'unreachable', message: 'DNS did not answer the check. Sprout will try again in a few minutes.' };
  }
}
