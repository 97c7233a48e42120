import { starterFiles } from '@sprout/template';
import { CLIENT_EXPORTS, CLIENT_PATH, clientNamesImported, importsClient } from '../checks/data-checks';
import { exportsOf } from '../context/exports';

/**
 * Projects made before the app backend have no client library: when a changed file imports it and the
 * project has none, the template's copy is added (a changed file, so it is checked and committed); an
 * older copy is brought up to date (upgradeClient). Returns the note of the fix, or null.
 */
export function restoreClient(files: Map<string, string>, changed: Set<string>): string | null {
  const base = CLIENT_PATH.replace(/\.ts$/, '');
  if (['.ts', '.tsx', '.js', '.jsx'].some((ext) => files.has(base + ext))) return restoreSiblings(files, changed) ?? upgradeClient(files, changed);
  if (![...changed].some((path) => importsClient(path, files.get(path) ?? ''))) return null;
  return writeTemplateClient(files, changed) ? `added the app backend client ${CLIENT_PATH}` : null;
}

/** The template's client with the sibling modules it imports (client/src/lib/sprout-*.ts). */
function writeTemplateClient(files: Map<string, string>, changed: Set<string>): boolean {
  const siblings = `${CLIENT_PATH.replace(/\.ts$/, '')}-`;
  const client = starterFiles().filter((f) => f.name === CLIENT_PATH || f.name.startsWith(siblings));
  if (!client.some((f) => f.name === CLIENT_PATH)) return false;
  for (const f of client) {
    if (files.get(f.name) === f.content) continue;
    files.set(f.name, f.content);
    changed.add(f.name);
  }
  return true;
}

/** A client module the project's client imports (`./sprout-payments`) and the project lost: the template's copy is put back. */
function restoreSiblings(files: Map<string, string>, changed: Set<string>): string | null {
  const own = files.get(CLIENT_PATH) ?? '';
  const lost = starterFiles().filter((f) => f.name.startsWith(`${CLIENT_PATH.replace(/\.ts$/, '')}-`) && !files.has(f.name));
  const wanted = lost.filter((f) => own.includes(`'./${f.name.split('/').pop()!.replace(/\.ts$/, '')}'`));
  for (const f of wanted) {
    files.set(f.name, f.content);
    changed.add(f.name);
  }
  return wanted.length ? `restored ${wanted.map((f) => f.name).join(', ')}, which ${CLIENT_PATH} imports` : null;
}

/**
 * Projects made before a client feature (its AI, payments) keep the older copy of the client: when a
 * changed file imports a name the template's client exports and the project's copy lacks, the copy is
 * replaced by the template's, which still exports every name it did. A copy that exports a name the
 * template does not was changed by hand: it is kept, and the import check says what it lacks.
 */
function upgradeClient(files: Map<string, string>, changed: Set<string>): string | null {
  const own = files.get(CLIENT_PATH);
  if (own === undefined) return null;
  const has = new Set(exportsOf(own, CLIENT_PATH));
  const template = new Set(CLIENT_EXPORTS);
  if (has.size === 0 || [...has].some((name) => !template.has(name))) return null;
  const wanted = new Set([...changed].flatMap((path) => (path === CLIENT_PATH ? [] : clientNamesImported(path, files.get(path) ?? ''))));
  const missing = [...wanted].filter((name) => template.has(name) && !has.has(name));
  if (missing.length === 0 || !writeTemplateClient(files, changed)) return null;
  return `updated the app backend client ${CLIENT_PATH} to the current one (for ${missing.join(', ')})`;
}
