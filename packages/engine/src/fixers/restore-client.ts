import { starterFiles } from '@sprout/template';
import { CLIENT_PATH, importsClient } from '../checks/data-checks';

/**
 * Projects made before the app backend have no client library: when a changed file imports it and the
 * project has none, the template's copy is added (a changed file, so it is checked and committed).
 * Returns the note of the fix, or null.
 */
export function restoreClient(files: Map<string, string>, changed: Set<string>): string | null {
  const base = CLIENT_PATH.replace(/\.ts$/, '');
  if (['.ts', '.tsx', '.js', '.jsx'].some((ext) => files.has(base + ext))) return null;
  if (![...changed].some((path) => importsClient(path, files.get(path) ?? ''))) return null;
  const client = starterFiles().find((f) => f.name === CLIENT_PATH);
  if (!client) return null;
  files.set(CLIENT_PATH, client.content);
  changed.add(CLIENT_PATH);
  return `added the app backend client ${CLIENT_PATH}`;
}
