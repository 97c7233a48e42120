import { z } from 'zod';
import { resourceId } from './common';

/** A domain as typed by the owner: validated by the rules of `custom-domains/domain-name.ts` after parsing. */
const DomainText = z.string().max(300);

export const AddCustomDomainBody = z.strictObject({ domain: DomainText });
export const CustomDomainParams = z.strictObject({ id: resourceId('project'), domain: DomainText });
export const CustomDomainPatch = z.strictObject({ primary: z.boolean() });

export const CustomDomainRecord = z.object({
  /** ALIAS: an apex domain's flattened CNAME (ALIAS or ANAME at the DNS host), when no SITES_IPV4 is configured. */
  type: z.enum(['CNAME', 'A', 'ALIAS', 'TXT']),
  name: z.string(),
  value: z.string(),
});
export type CustomDomainRecord = z.infer<typeof CustomDomainRecord>;

/**
 * A domain connected to a published app (docs/app-backend.md#custom-domains): pending until its
 * records are found, then verified and served; `primary`: the app's slug address sends its pages here.
 */
export const CustomDomain = z.object({
  domain: z.string(),
  status: z.enum(['pending', 'verified']),
  records: z.array(CustomDomainRecord),
  primary: z.boolean(),
  /** ISO time of the last check, or null before the first. */
  lastCheckedAt: z.string().nullable(),
  /** What the last check found wrong, in plain words; null when it passed or never ran. */
  lastError: z.string().nullable(),
  /** The address the app answers on once verified. */
  url: z.string(),
});
export type CustomDomain = z.infer<typeof CustomDomain>;

export const CustomDomainList = z.object({ domains: z.array(CustomDomain) });
export type CustomDomainList = z.infer<typeof CustomDomainList>;

/** Caddy's `ask`: `?domain=` the name a TLS handshake asked for. */
export const TlsAskQuery = z.object({ domain: DomainText.optional() });
export const TlsAskAnswer = z.object({ domain: z.string() });
