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
