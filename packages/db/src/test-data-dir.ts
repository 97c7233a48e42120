import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb } from './create-db';
import { migrationsHash } from './test-snapshot';

// A product the tests start (the API on an embedded database in a new DATA_DIR) spent ~5.5 CPU-s
// creating and migrating PostgreSQL inside WebAssembly on disk, at every start: the browser suite
// starts a dozen. A DATA_DIR holding a closed, migrated database copies in a tenth of a second; the
// API then opens it and finds every migration applied. Made once per machine and set of migrations,
// like the in-memory snapshot (test-snapshot.ts).

/** Where the DATA_DIR of the current migrations is kept. */
export const migratedDataDirPath = (dir = path.join(tmpdir(), 'sprout-test-db')) => path.join(dir, `pglite-dir-${migrationsHash()}`);

let memo: Promise<string> | undefined;

/** A DATA_DIR whose embedded database is closed and has every migration applied (copy it, never open it): made now if this machine has none. */
export function migratedDataDir(): Promise<string> {
  memo ??= make(migratedDataDirPath()).catch((err: unknown) => {
    memo = undefined;
    throw err;
  });
  return memo;
}

async function make(target: string): Promise<string> {
  if (existsSync(target)) return target;
  mkdirSync(path.dirname(target), { recursive: true });
  // Made beside it and renamed: two processes making it at once each leave a whole one, never a torn one.
  const partial = `${target}.${process.pid}-${Math.random().toString(36).slice(2)}`;
  const handle = await createDb({ dataDir: partial });
  await handle.close();
  try {
    renameSync(partial, target);
  } catch (err) {
    // Another process renamed its own first: theirs is as good.
    if (!existsSync(target)) throw err;
    rmSync(partial, { recursive: true, force: true });
  }
  return target;
}
