/**
 * Repairs paths a model got slightly wrong, only where the intent is unambiguous: `src/App.tsx` for
 * `client/src/App.tsx`, `./client/...`, `public/logo.svg`, `index.html`. Anything else (absolute
 * paths, `..`) is left for the path rules to refuse.
 */
export function normalizePath(path: string): string {
  let p = path.trim();
  while (p.startsWith('./')) p = p.slice(2);
  if (p.startsWith('src/') || p.startsWith('public/')) return `client/${p}`;
  if (p === 'index.html') return 'client/index.html';
  return p;
}
