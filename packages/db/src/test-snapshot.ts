import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from './create-db';
import * as schema from './schema';

// A test database costs ~3 CPU-s to create and migrate, ~0.8 to load from a migrated snapshot. The
// snapshot is made once per machine and set of migrations (a file named after their hash, so a new
// migration or another PGlite makes a new one), and read once per process.

/** What the snapshot depends on: every migration file, PGlite's version (its data format) and Drizzle's (its journal table). */
export function migrationsHash(folder = migrationsFolder): string {
  const hash = createHash('sha256');
  for (const file of listFiles(folder))
    hash
      .update(`${path.relative(folder, file)}\0`)
      .update(readFileSync(file))
      .update('\0');
  for (const pkg of ['@electric-sql/pglite', 'drizzle-orm']) hash.update(`${pkg}@${packageVersion(pkg)}\0`);
  return hash.digest('hex').slice(0, 16);
}

/** Where the snapshot of the current migrations is kept. */
export const snapshotFile = (dir = path.join(tmpdir(), 'sprout-test-db')) => path.join(dir, `pglite-${migrationsHash()}.tar`);

let memo: Promise<Blob> | undefined;

/** A `dumpDataDir` of an empty database with every migration applied: from this process, the cache file, or made now. */
export function migratedSnapshot(): Promise<Blob> {
  memo ??= loadOrMake(snapshotFile()).catch((err: unknown) => {
    memo = undefined;
    throw err;
  });
  return memo;
}

async function loadOrMake(file: string): Promise<Blob> {
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const blob = await makeSnapshot();
  mkdirSync(path.dirname(file), { recursive: true });
  // Written beside it and renamed: two processes making it at once each leave a whole file, never a torn one.
  const partial = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}`;
  writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
  renameSync(partial, file);
  return blob;
}

/** A fresh in-memory PGlite, migrated and dumped (uncompressed: it loads faster, and it stays on this machine). */
async function makeSnapshot(): Promise<Blob> {
  const client = await PGlite.create();
  try {
    await migrate(drizzle({ client, schema }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

function packageVersion(name: string): string {
  // The entry point is somewhere inside the package; its package.json is the nearest one above it naming it.
  let dir = path.dirname(createRequire(import.meta.url).resolve(name));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === name) return pkg.version ?? 'unknown';
    }
    const up = path.dirname(dir);
    if (up === dir) return 'unknown';
    dir = up;
  }
}
