/**
 * Repairs paths a model got slightly wrong, only where the intent is unambiguous: `src/App.tsx` for
 * `client/src/App.tsx`, `./client/...`, `/client/...` (the project root written as `/`),
 * `public/logo.svg`, `index.html`. Anything else (`//host`, `C:\`, `..`) is left for the path rules
 * to refuse.
 */
export function normalizePath(path: string): string {
  let p = path.trim();
  // One leading slash reaches nothing its relative form could not (the project is its own root,
  // never the disk's), so `/etc/passwd` is judged as `etc/passwd`. Two start a network path.
  if (/^\/(?!\/)/.test(p)) p = p.slice(1);
  while (p.startsWith('./')) p = p.slice(2);
  if (p.startsWith('src/') || p.startsWith('public/')) return `client/${p}`;
  if (p === 'index.html') return 'client/index.html';
  return p;
}
