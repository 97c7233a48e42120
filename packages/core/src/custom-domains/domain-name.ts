/**
 * The rules of a custom domain's name (docs/app-backend.md#custom-domains). Core does no I/O and no
 * IDNA conversion: a name with letters outside ASCII is refused with a hint to enter its punycode
 * form (`xn--…`), which every registrar shows.
 */

/** The longest host name DNS allows, without its trailing dot. */
export const MAX_DOMAIN_LENGTH = 253;
const MAX_LABEL = 63;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** Names no public DNS answers for (RFC 6761 and private-use suffixes): a request for one is never a custom domain. */
const PRIVATE_SUFFIXES = ['localhost', 'local', 'internal', 'invalid', 'home.arpa', 'lan', 'intranet', 'corp'];

export type DomainCheck = { ok: true; domain: string } | { ok: false; message: string };

/** A host without its port and trailing dot, lower-case (`Host` headers and configured addresses). */
export function bareHost(host: string): string {
  const lower = host.trim().toLowerCase();
  // A bracketed IPv6 address keeps its colons.
  if (lower.startsWith('[')) return lower.replace(/\]:\d+$/, ']');
  return lower.replace(/:\d+$/, '').replace(/\.$/, '');
}

const isUnder = (name: string, parent: string) => parent !== '' && (name === parent || name.endsWith(`.${parent}`));

/** Whether a host name is a private or reserved one (localhost, *.local, *.internal…), never a custom domain. */
export function isPrivateHostName(name: string): boolean {
  return PRIVATE_SUFFIXES.some((suffix) => isUnder(name, suffix));
}

const looksLikeIp = (name: string) => /^[\d.]+$/.test(name) || name.includes(':') || name.startsWith('[');

/**
 * Normalises what an owner typed into a domain name, or says in plain words why it cannot be one.
 * `reserved`: Sprout's own hosts (SITES_DOMAIN, PREVIEW_DOMAIN, the API's and the web's hosts), which
 * no app may claim, nor any name under them.
 */
export function parseCustomDomain(input: unknown, reserved: readonly string[]): DomainCheck {
  if (typeof input !== 'string') return { ok: false, message: 'Enter a domain name, such as shop.example.com.' };
  const raw = input.trim().toLowerCase();
  if (raw === '') return { ok: false, message: 'Enter a domain name, such as shop.example.com.' };
  if (raw.length > MAX_DOMAIN_LENGTH + 1) return { ok: false, message: `A domain name has at most ${MAX_DOMAIN_LENGTH} characters.` };
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(raw) || raw.includes('/') || raw.includes('?') || raw.includes('#'))
    return { ok: false, message: 'Enter the domain name alone, without http://, a path or a query (for example shop.example.com).' };
  if (raw.includes('@')) return { ok: false, message: 'Enter a domain name, not an email address.' };
  if (raw.includes('*')) return { ok: false, message: 'Wildcard domains cannot be connected. Enter one name, such as shop.example.com.' };
  if (looksLikeIp(raw)) return { ok: false, message: 'Enter a domain name, not an IP address or a port.' };
  // eslint-disable-next-line no-control-regex
  if (/[^\x00-\x7f]/.test(raw))
    return { ok: false, message: 'Enter the domain in its ASCII form: names with accents or other scripts start with xn-- (your registrar shows it).' };
  const name = raw.endsWith('.') ? raw.slice(0, -1) : raw;
  if (name.length > MAX_DOMAIN_LENGTH) return { ok: false, message: `A domain name has at most ${MAX_DOMAIN_LENGTH} characters.` };
  const labels = name.split('.');
  if (labels.length < 2) return { ok: false, message: 'Enter a full domain name with a dot, such as example.com.' };
  if (labels.some((l) => l.length > MAX_LABEL)) return { ok: false, message: `Each part of a domain name has at most ${MAX_LABEL} characters.` };
  if (!labels.every((l) => LABEL.test(l)))
    return { ok: false, message: 'A domain name has letters, digits and hyphens between its dots, and no part starts or ends with a hyphen.' };
  if (/^\d+$/.test(labels.at(-1)!)) return { ok: false, message: 'Enter a domain name, not an IP address.' };
  if (isPrivateHostName(name)) return { ok: false, message: 'This is a private name that only works on your own network. Enter a public domain.' };
  for (const own of reserved.map(bareHost)) {
    if (own && (isUnder(name, own) || isUnder(own, name))) return { ok: false, message: 'This domain belongs to Sprout. Enter a domain of your own.' };
  }
  return { ok: true, domain: name };
}
