import { z } from 'zod';

// OIDC_PROVIDERS: the OpenID Connect providers people may sign in with, one "Continue with Label"
// button each. Parsed with the rest of the configuration (src/config.ts), so a typo fails the start.

export const OIDC_ENV = {
  // `Label=issuer-url,client-id,client-secret` entries separated by `;` (empty: no providers).
  OIDC_PROVIDERS: z
    .string()
    .trim()
    .optional()
    .transform((text, ctx) => {
      try {
        return parseOidcProviders(text);
      } catch (err) {
        if (!(err instanceof OidcConfigError)) throw err;
        ctx.addIssue({ code: 'custom', message: err.message });
        return z.NEVER;
      }
    }),
};

export interface OidcProviderConfig {
  /** The label as a slug: in the provider's addresses (`/v1/auth/oidc/{id}/…`) and its stored links. */
  id: string;
  label: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

class OidcConfigError extends Error {}

const LABEL_MAX = 40;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** `Google` → `google`, `Acme SSO` → `acme-sso`. */
export function providerId(label: string): string {
  return label
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Parses OIDC_PROVIDERS. An entry is named by its position and label in an error, never by its
 * secret. Issuers must be https, except on this machine (tests, a local provider).
 */
export function parseOidcProviders(text: string | undefined): OidcProviderConfig[] {
  const entries = (text ?? '')
    .split(';')
    .map((e) => e.trim())
    .filter(Boolean);
  const out: OidcProviderConfig[] = [];
  entries.forEach((entry, i) => {
    const eq = entry.indexOf('=');
    const label = eq > 0 ? entry.slice(0, eq).trim() : '';
    const where = `entry ${i + 1}${label ? ` (${label})` : ''}`;
    const fail = (why: string): never => {
      throw new OidcConfigError(`${where}: ${why} Expected Label=issuer-url,client-id,client-secret.`);
    };
    if (!label) fail('it has no label before "=".');
    if (label.length > LABEL_MAX || /[\p{Cc}<>"]/u.test(label))
      fail(`the label must be at most ${LABEL_MAX} characters, without control characters, <, > or ".`);
    const id = providerId(label);
    if (!id) fail('the label needs a letter or digit.');
    if (out.some((p) => p.id === id)) fail(`another provider has the same id "${id}".`);
    const parts = entry
      .slice(eq + 1)
      .split(',')
      .map((p) => p.trim());
    if (parts.length !== 3 || parts.some((p) => !p)) fail('it needs an issuer URL, a client id and a client secret, separated by commas.');
    const [issuer, clientId, clientSecret] = parts as [string, string, string];
    if (!URL.canParse(issuer)) fail('the issuer is not a URL.');
    const url = new URL(issuer);
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname)))
      fail('the issuer must be an https URL (http only on localhost).');
    if (url.search || url.hash || url.username || url.password) fail('the issuer must have no query, fragment or user.');
    out.push({ id, label, issuer: issuer.replace(/\/$/, ''), clientId, clientSecret });
  });
  return out;
}
