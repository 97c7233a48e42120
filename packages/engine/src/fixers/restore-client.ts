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
  // The client with the sibling modules it imports (client/src/lib/sprout-*.ts).
  const siblings = `${base}-`;
  const client = starterFiles().filter((f) => f.name === CLIENT_PATH || (f.name.startsWith(siblings) && !files.has(f.name)));
  if (!client.some((f) => f.name === CLIENT_PATH)) return null;
  for (const f of client) {
    files.set(f.name, f.content);
    changed.add(f.name);
  }
  return `added the app backend client ${CLIENT_PATH}`;
}
