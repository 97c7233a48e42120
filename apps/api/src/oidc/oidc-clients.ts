import * as client from 'openid-client';
import type { OidcProviderConfig } from './config';

/** A provider's discovered settings are read again after this: its keys and endpoints may move. */
const DISCOVERY_TTL_MS = 3_600_000;
/** Seconds any request to a provider may take; an unreachable one fails the sign-in, not the API. */
const REQUEST_TIMEOUT_S = 10;

/**
 * The configured providers and their discovered configurations (`{issuer}/.well-known/openid-configuration`),
 * each read once and kept for an hour; a failed discovery is tried again on the next sign-in. One per
 * app, in its services.
 */
export class OidcClients {
  private readonly byId: Map<string, OidcProviderConfig>;
  private readonly discovered = new Map<string, { at: number; config: Promise<client.Configuration> }>();

  constructor(providers: readonly OidcProviderConfig[]) {
    this.byId = new Map(providers.map((p) => [p.id, p]));
  }

  /** The providers the pages may show: ids and labels, never secrets. */
  list(): { id: string; label: string }[] {
    return [...this.byId.values()].map(({ id, label }) => ({ id, label }));
  }

  find(id: string): OidcProviderConfig | undefined {
    return this.byId.get(id);
  }

  configuration(p: OidcProviderConfig, now = Date.now()): Promise<client.Configuration> {
    const kept = this.discovered.get(p.id);
    if (kept && now - kept.at < DISCOVERY_TTL_MS) return kept.config;
    const config = discover(p).catch((err: unknown) => {
      this.discovered.delete(p.id);
      throw err;
    });
    this.discovered.set(p.id, { at: now, config });
    return config;
  }
}

async function discover(p: OidcProviderConfig): Promise<client.Configuration> {
  const insecure = new URL(p.issuer).protocol === 'http:';
  const config = await client.discovery(new URL(p.issuer), p.clientId, undefined, client.ClientSecretBasic(p.clientSecret), {
    // Only loopback issuers may be http (config.ts): a provider on this machine, in tests.
    execute: insecure ? [client.allowInsecureRequests] : [],
    timeout: REQUEST_TIMEOUT_S,
  });
  config.timeout = REQUEST_TIMEOUT_S;
  // The ID token's signature is checked against the provider's published keys too, not only its
  // issuer, audience, nonce and times: the code exchange is trusted for the transport, the token for itself.
  client.enableNonRepudiationChecks(config);
  return config;
}
