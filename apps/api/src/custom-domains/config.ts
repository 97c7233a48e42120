import { isIPv4 } from 'node:net';
import { z } from 'zod';
import { bareHost } from '@sprout/core';
import { optionalString } from '../config-fields';

// Custom domains' part of the API's configuration (config.ts parses it with the rest; .env.example documents it).

export const CUSTOM_DOMAINS_ENV = {
  // host:port of the DNS server domain checks ask; empty: the system's resolvers.
  DNS_RESOLVER: optionalString.pipe(
    z
      .string()
      .regex(/^(?:\[[0-9a-fA-F:.]+\]|[0-9.]+)(?::\d{1,5})?$/, 'Write it as an IP address with an optional port, e.g. 1.1.1.1:53.')
      .optional(),
  ),
  // The host name a subdomain's CNAME points to; empty: SITES_DOMAIN's host.
  SITES_CNAME_TARGET: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9.-]+$/, 'Write a host name, e.g. sites.example.com.')
      .optional(),
  ),
  // The IPv4 address an apex domain's A record points to (the load balancer in front of the API); empty: apexes get an ALIAS record to SITES_CNAME_TARGET.
  SITES_IPV4: optionalString.pipe(z.string().refine(isIPv4, 'Write an IPv4 address, e.g. 203.0.113.5.').optional()),
};

type Env = z.infer<z.ZodObject<typeof CUSTOM_DOMAINS_ENV>>;

export interface CustomDomainsConfig {
  /** null: the system's resolvers. */
  dnsResolver: string | null;
  cnameTarget: string;
  ipv4: string | null;
}

export function customDomainsConfig(e: Env, sitesDomain: string): CustomDomainsConfig {
  return { dnsResolver: e.DNS_RESOLVER ?? null, cnameTarget: bareHost(e.SITES_CNAME_TARGET ?? sitesDomain), ipv4: e.SITES_IPV4 ?? null };
}
