// Names that would look like part of Sprout itself rather than someone's app.
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'www',
  'api',
  'app',
  'apps',
  'admin',
  'preview',
  'sites',
  'mail',
  'sprout',
  'static',
  'assets',
  'cdn',
  'status',
  'docs',
  'blog',
  'help',
  'support',
  'login',
  'auth',
]);
const SLUG_MAX = 40;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A published app's address label (and its export's name) from a display name: 'Café Menu!' → 'cafe-menu'; 'app' when nothing usable is left. */
export function slugBase(displayName: string): string {
  const slug = displayName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
  return slug === '' || RESERVED_SLUGS.has(slug) ? 'app' : slug;
}

/** The slugs to try, in order: the name itself, then the name with a short random suffix. */
export function slugCandidates(displayName: string, random: (max: number) => number): string[] {
  const base = slugBase(displayName);
  const suffixed = Array.from({ length: 8 }, () => {
    const suffix = Array.from({ length: 4 }, () => ALPHABET[random(ALPHABET.length)]).join('');
    return `${base.slice(0, SLUG_MAX - 5).replace(/-+$/, '')}-${suffix}`;
  });
  return [base, ...suffixed];
}

export type SlugCheck = { ok: true; slug: string } | { ok: false; message: string };

/**
 * An address a person typed for their published app (`{slug}.sites…`): a DNS label of ours, with
 * a message that says how to fix it. Case and surrounding spaces are forgiven; anything else that
 * would not survive as a host name is refused, never silently changed.
 */
export function validateSlug(input: unknown): SlugCheck {
  if (typeof input !== 'string') return { ok: false, message: 'Enter an address.' };
  const slug = input.trim().toLowerCase();
  if (slug === '') return { ok: false, message: 'Enter an address.' };
  if (slug.length > SLUG_MAX) return { ok: false, message: `Use at most ${SLUG_MAX} characters.` };
  if (!/^[a-z0-9-]+$/.test(slug)) return { ok: false, message: 'Use only letters a–z, digits and hyphens.' };
  if (slug.startsWith('-') || slug.endsWith('-')) return { ok: false, message: 'Start and end the address with a letter or a digit.' };
  // 'xn--…' labels are read as punycode by browsers, and can show as another name.
  if (slug.includes('--')) return { ok: false, message: 'Do not put two hyphens in a row.' };
  if (RESERVED_SLUGS.has(slug)) return { ok: false, message: 'That address is reserved for Sprout. Try another.' };
  return { ok: true, slug };
}
