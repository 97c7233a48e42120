import { newId, type DeploymentFileInput } from '@sprout/db';
import type { BuildSuccess } from '@sprout/preview';
import type { StoredFiles } from '../file-store/stored-files';

/** A file of a production build, before it is stored. */
export interface BuiltFile {
  /** Below the site root, no leading slash: `index.html`, `assets/main-X.js`. */
  path: string;
  contentType: string;
  body: Uint8Array;
}

/** A production build as the files of a deployment: the page, its assets under assets/, public files at the root. */
export function builtFiles(build: BuildSuccess): BuiltFile[] {
  const files = new Map<string, BuiltFile>();
  for (const [name, file] of build.publicFiles) files.set(name, { path: name, contentType: file.contentType, body: file.body });
  for (const [name, file] of build.assets) files.set(`assets/${name}`, { path: `assets/${name}`, contentType: file.contentType, body: file.body });
  files.set('index.html', { path: 'index.html', contentType: 'text/html; charset=utf-8', body: new TextEncoder().encode(build.html) });
  return [...files.values()];
}

/**
 * Stores a deployment's files, then its rows: every file's bytes go to the file store first, under
 * keys of a new deployment id (`deployments/<id>/<n>`: made here, never from a path, which may hold
 * what no key may), pending until `insert` — the one transaction that stores the deployment's rows —
 * claims them. When that transaction fails or refuses (the plan's limit), the bytes are removed at
 * once; a process that dies in between leaves them pending, and the sweep removes them. After a
 * publish the sweep runs at once: the deployments it pruned leave the store now, not at the next sweep.
 */
export async function storeDeployment<T extends { ok: boolean }>(
  files: StoredFiles,
  built: BuiltFile[],
  insert: (deploymentId: string, rows: DeploymentFileInput[]) => Promise<T>,
): Promise<T> {
  const deploymentId = newId();
  const rows = built.map((f, n) => ({ path: f.path, contentType: f.contentType, size: f.body.byteLength, storageKey: `deployments/${deploymentId}/${n}` }));
  await files.putPending(built.map((f, n) => ({ key: rows[n]!.storageKey, body: f.body })));
  const keys = rows.map((r) => r.storageKey);
  let result: T;
  try {
    result = await insert(deploymentId, rows);
  } catch (err) {
    await files.discard(keys);
    throw err;
  }
  if (result.ok) files.sweepSoon();
  else await files.discard(keys);
  return result;
}
