import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROUTES } from '@sprout/core/routes';
import { describe, expect, it } from 'vitest';

// The web app calls the API only through the route table (route-url.ts joins host, base and path):
// a path written by hand could drift from the API's own. This reads every source file of the web app
// (tests aside) and finds string and template literals that are an API address: one with a base
// prefix (`/v1`, `/build/v1`), or exactly the path of a route of the table with its parameters filled.

const WEB = path.resolve(__dirname, '../..');
const SKIP_DIRS = new Set(['node_modules', '.next', 'public']);
/** The one place that joins a host, a base and a path. */
const ALLOWED = new Set(['lib/api/route-url.ts']);

/** The web app's own pages (each page.tsx under app/), whose addresses may be the same as an API route's. */
function pagePaths(dir = path.join(WEB, 'app'), at = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) {
      const segment = /^\(.*\)$/.test(e.name) ? '' : `/${e.name.replace(/^\[.*\]$/, ':x')}`;
      return pagePaths(path.join(dir, e.name), at + segment);
    }
    return e.name === 'page.tsx' ? [at || '/'] : [];
  });
}
/** Written in the admin's navigation: the People tab stays lit below /admin/people, a page's address, not a call. */
const NAV_PREFIXES = new Set(['features/admin/admin-nav.tsx: /admin/people']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return SKIP_DIRS.has(e.name) || e.name.startsWith('.') ? [] : sources(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The code of a file without its comments (a comment may name an address; code may not build one). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** Its string and template literals, a template's `${…}` read as one path parameter. */
export function literalsOf(code: string): string[] {
  const found: string[] = [];
  for (const m of code.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)) {
    const text = m[1] ?? m[2] ?? m[3] ?? '';
    found.push(m[3] === undefined ? text : text.replace(/\$\{[^}]*\}/g, ':x'));
  }
  return found;
}

const BASE = /\/v1(\/|$|\?|:x)/;
const ROUTE_PATHS = new Set(Object.values(ROUTES).map((r) => r.path.replace(/:[A-Za-z]+/g, ':x')));

export function apiAddressIn(literal: string): string | null {
  if (BASE.test(literal)) return 'names an API base';
  const bare = literal.split(/[?#]/, 1)[0]!;
  return ROUTE_PATHS.has(bare) && bare !== '/' ? 'is the path of a route of the table' : null;
}

describe('the web app', () => {
  it('finds an address written by hand (the check can fail)', () => {
    expect(literalsOf("request('GET', `/sprouts/${id}/messages?limit=${n}`)").map(apiAddressIn)).toEqual([null, 'is the path of a route of the table']);
    expect(apiAddressIn('https://api.example.com/build/v1/runs')).toBe('names an API base');
    expect(apiAddressIn('/v1')).toBe('names an API base');
    expect(apiAddressIn('/build/:x')).toBeNull();
    expect(apiAddressIn('/pricing')).toBeNull();
  });

  it('writes no API address by hand: every call goes through the route table', () => {
    const files = sources(WEB);
    const pages = new Set(pagePaths());
    expect(pages).toContain('/build/:x');
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of files) {
      const rel = path.relative(WEB, file).split(path.sep).join('/');
      if (ALLOWED.has(rel)) continue;
      for (const literal of literalsOf(withoutComments(readFileSync(file, 'utf8')))) {
        if (pages.has(literal) || NAV_PREFIXES.has(`${rel}: ${literal}`)) continue;
        const why = apiAddressIn(literal);
        if (why) found.push(`${rel}: ${JSON.stringify(literal)} ${why}`);
      }
    }
    expect(found).toEqual([]);
  });
});
