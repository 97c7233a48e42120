import { randomBytes } from 'node:crypto';
import { canAddCustomDomain, customDomainLimit, domainRecords, isPublished, parseCustomDomain, type SitesTarget } from '@sprout/core';
import type { CustomDomain } from '@sprout/core/contract';
import {
  claimCustomDomain,
  countOwnerCustomDomains,
  type CustomDomainRow,
  getCustomDomain,
  getUserById,
  listCustomDomains,
  markCustomDomainChecked,
  removeCustomDomain,
  setPrimaryCustomDomain,
  type SproutRow,
} from '@sprout/db';
import { AppError, notFound } from '../errors';
import type { Services } from '../services';
import { checkDomainDns } from './dns-check';
import { ownHosts } from '../hosting/own-hosts';

type DomainServices = Pick<Services, 'db' | 'config'>;

const DOMAIN_PAYWALL = { source: 'custom_domain_limit_reached', destination: 'upgradeDomains' } as const;
const taken = () => new AppError(409, 'domain_taken', 'This domain is connected to another app.');
const noSuchDomain = () => notFound('This project has no such domain.');

const sitesTarget = (s: DomainServices): SitesTarget => ({ cnameTarget: s.config.customDomains.cnameTarget, ipv4: s.config.customDomains.ipv4 });

function customDomainDto(s: DomainServices, row: CustomDomainRow): CustomDomain {
  return {
    domain: row.domain,
    status: row.verifiedAt ? 'verified' : 'pending',
    records: domainRecords(row.domain, row.verifyToken, sitesTarget(s)),
    primary: row.isPrimary,
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    lastError: row.lastError,
    url: `${s.config.appProtocol}://${row.domain}`,
  };
}

/** A domain named in a path: compared as stored (lower-case, no trailing dot). */
const domainParam = (domain: string) => domain.trim().toLowerCase().replace(/\.$/, '');

async function ownedDomain(s: DomainServices, sproutId: string, domain: string): Promise<CustomDomainRow> {
  const row = await getCustomDomain(s.db, sproutId, domainParam(domain));
  if (!row) throw noSuchDomain();
  return row;
}

export async function listDomains(s: DomainServices, sproutId: string): Promise<CustomDomain[]> {
  return (await listCustomDomains(s.db, sproutId)).map((row) => customDomainDto(s, row));
}

/**
 * Adds a domain to a published app: validated, within the owner's plan, not verified by another
 * app. Adding one the app has already returns it as it is.
 */
export async function addDomain(s: DomainServices, sprout: SproutRow, input: string): Promise<CustomDomain> {
  const parsed = parseCustomDomain(input, ownHosts(s.config));
  if (!parsed.ok) throw new AppError(422, 'invalid_domain', parsed.message);
  if (!isPublished(sprout)) throw new AppError(409, 'not_published', 'Publish this app before connecting a domain to it.');
  const existing = await getCustomDomain(s.db, sprout.id, parsed.domain);
  if (existing) return customDomainDto(s, existing);
  const tier = (await getUserById(s.db, sprout.ownerId))?.tier ?? 'free';
  if (!canAddCustomDomain(tier, await countOwnerCustomDomains(s.db, sprout.ownerId))) {
    const limit = customDomainLimit(tier) ?? 0;
    const message =
      limit === 0
        ? 'Custom domains come with Premium. Upgrade to connect your own domain.'
        : `Your plan allows ${limit} custom domains. Remove one or upgrade.`;
    throw new AppError(402, 'custom_domain_limit_reached', message, { paywall: DOMAIN_PAYWALL, limit });
  }
  const claimed = await claimCustomDomain(s.db, { sproutId: sprout.id, domain: parsed.domain, verifyToken: randomBytes(16).toString('hex') });
  if (!claimed.ok) throw taken();
  return customDomainDto(s, claimed.row);
}

/**
 * Checks a domain's records and records what was found: verified, or unverified with the reason.
 * DNS not answering proves nothing: a verified domain stays verified, a pending one keeps waiting
 * with the reason shown. Returns the row as it now is, or 'taken' when another app verified it first.
 */
export async function checkDomain(s: DomainServices, row: CustomDomainRow, now = new Date()): Promise<CustomDomainRow | 'taken' | null> {
  const found = await checkDomainDns(s.config.customDomains.dnsResolver, row.domain, row.verifyToken, sitesTarget(s));
  if (found.kind === 'unreachable' && row.verifiedAt) return row;
  const error = found.kind === 'ok' ? null : found.message;
  const marked = await markCustomDomainChecked(s.db, { sproutId: row.sproutId, domain: row.domain, error, at: now });
  return marked.ok ? marked.row : 'taken';
}

export async function verifyDomain(s: DomainServices, sproutId: string, domain: string): Promise<CustomDomain> {
  const checked = await checkDomain(s, await ownedDomain(s, sproutId, domain));
  if (checked === 'taken') throw taken();
  if (!checked) throw noSuchDomain();
  return customDomainDto(s, checked);
}

export async function setPrimaryDomain(s: DomainServices, sproutId: string, domain: string, primary: boolean): Promise<CustomDomain> {
  const row = await ownedDomain(s, sproutId, domain);
  if (primary && !row.verifiedAt) throw new AppError(409, 'domain_not_verified', 'This domain is not connected yet. Create its DNS records and check again.');
  const updated = await setPrimaryCustomDomain(s.db, sproutId, row.domain, primary);
  if (!updated) throw noSuchDomain();
  return customDomainDto(s, updated);
}

export async function removeDomain(s: DomainServices, sproutId: string, domain: string): Promise<void> {
  if (!(await removeCustomDomain(s.db, sproutId, domainParam(domain)))) throw noSuchDomain();
}
