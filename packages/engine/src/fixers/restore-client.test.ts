import { describe, expect, it } from 'vitest';
import { starterFiles } from '@sprout/template';
import { CLIENT_PATH } from '../checks/data-checks';
import { applyFixers } from './apply-fixers';
import { restoreClient } from './restore-client';

const PAYMENTS_PATH = 'client/src/lib/sprout-payments.ts';
const template = starterFiles().find((f) => f.name === CLIENT_PATH)!.content;
/** A project made before the app backend: the starter without the client. */
const olderProject = (changes: Record<string, string>) => {
  const files = new Map(starterFiles().map((f) => [f.name, f.content]));
  files.delete(CLIENT_PATH);
  files.delete(PAYMENTS_PATH);
  for (const [p, c] of Object.entries(changes)) files.set(p, c);
  return files;
};
const guestbook =
  "import { useCollection } from '@/lib/sprout';\nexport default function App() {\n  return <p>{useCollection('entries').data.length}</p>;\n}\n";

describe('restoreClient', () => {
  it('adds the template’s client to a project without one when a changed file imports it', () => {
    const files = olderProject({ 'client/src/App.tsx': guestbook });
    const changed = new Set(['client/src/App.tsx']);
    expect(restoreClient(files, changed)).toBe(`added the app backend client ${CLIENT_PATH}`);
    expect(files.get(CLIENT_PATH)).toBe(template);
    // With the module it imports.
    expect([...changed].sort()).toEqual(['client/src/App.tsx', PAYMENTS_PATH, CLIENT_PATH]);
    expect(files.get(PAYMENTS_PATH)).toContain('export function paymentsWith');
  });

  it('finds relative and dynamic imports too', () => {
    for (const code of ["import { db } from '../lib/sprout';\n", "const m = await import('../lib/sprout');\n"]) {
      const files = olderProject({ 'client/src/pages/Board.tsx': code });
      expect(restoreClient(files, new Set(['client/src/pages/Board.tsx'])), code).not.toBeNull();
    }
  });

  it('leaves a project alone that has its own client or does not use one', () => {
    const mine = 'export const db = {};\nexport const myCache = new Map();\n';
    const own = olderProject({ 'client/src/App.tsx': guestbook, [CLIENT_PATH]: mine });
    expect(restoreClient(own, new Set(['client/src/App.tsx']))).toBeNull();
    expect(own.get(CLIENT_PATH)).toBe(mine);
    const unused = olderProject({ 'client/src/App.tsx': 'export default function App() { return null; }\n' });
    expect(restoreClient(unused, new Set(['client/src/App.tsx']))).toBeNull();
    expect(unused.has(CLIENT_PATH)).toBe(false);
  });

  it('brings an older copy up to date when a changed file imports what only the current client has', () => {
    // An older client: fewer names, every one of them still the template's.
    const older = 'export class SproutError extends Error {}\nexport const db = {};\nexport function useCollection() {}\n';
    const chef = "import { ai, db } from '@/lib/sprout';\nexport default function App() { return <p>{String(!!ai && !!db)}</p>; }\n";
    const files = olderProject({ [CLIENT_PATH]: older, 'client/src/App.tsx': chef });
    const changed = new Set(['client/src/App.tsx']);
    expect(restoreClient(files, changed)).toBe(`updated the app backend client ${CLIENT_PATH} to the current one (for ai)`);
    expect(files.get(CLIENT_PATH)).toBe(template);
    expect([...changed].sort()).toEqual(['client/src/App.tsx', PAYMENTS_PATH, CLIENT_PATH]);

    // Nothing missing, or a copy changed by hand (a name the template does not export): left as it is.
    const current = new Map(starterFiles().map((f) => [f.name, f.content]));
    current.set('client/src/App.tsx', chef);
    expect(restoreClient(current, new Set(['client/src/App.tsx']))).toBeNull();
    const onlyDb = olderProject({ [CLIENT_PATH]: older, 'client/src/App.tsx': guestbook });
    expect(restoreClient(onlyDb, new Set(['client/src/App.tsx']))).toBeNull();
    expect(onlyDb.get(CLIENT_PATH)).toBe(older);
    const extended = olderProject({ [CLIENT_PATH]: `${older}export const myHelper = 1;\n`, 'client/src/App.tsx': chef });
    expect(restoreClient(extended, new Set(['client/src/App.tsx']))).toBeNull();
    expect(extended.get(CLIENT_PATH)).toContain('myHelper');
  });

  it('puts back a module the client imports when the project lost it', () => {
    const files = new Map(starterFiles().map((f) => [f.name, f.content]));
    files.delete(PAYMENTS_PATH);
    const changed = new Set(['client/src/App.tsx']);
    expect(restoreClient(files, changed)).toBe(`restored ${PAYMENTS_PATH}, which ${CLIENT_PATH} imports`);
    expect(files.get(PAYMENTS_PATH)).toContain('export function paymentsWith');
    expect(changed.has(PAYMENTS_PATH)).toBe(true);
    // An older client that does not import it gets nothing it does not use.
    const older = olderProject({ [CLIENT_PATH]: 'export const db = {};\n', 'client/src/App.tsx': 'export default () => null;\n' });
    expect(restoreClient(older, new Set(['client/src/App.tsx']))).toBeNull();
    expect(older.has(PAYMENTS_PATH)).toBe(false);
  });

  it('runs with the other fixers of a round', () => {
    const files = olderProject({ 'client/src/App.tsx': guestbook });
    const changed = new Set(['client/src/App.tsx']);
    const fixed = applyFixers(files, changed, []);
    expect(fixed.fixes).toContain(`added the app backend client ${CLIENT_PATH}`);
    expect(changed.has(CLIENT_PATH)).toBe(true);
  });
});
