import type { ImportEdge } from './import-graph';
import { API_COMPOSITION, API_FEATURE_IMPORTS, API_GENERIC, API_SRC, API_TESTING } from './rules';

// The layers inside the API (rules.ts): generic plugins know no feature, features import each other
// only along the written-down edges, shared modules import no feature, only the composition and
// tests reach the composition and the test entry.

const isApiTest = (path: string) => /\.test\.ts$|\.testing\.ts$|test-helpers\.ts$/.test(path) || path.startsWith(`${API_SRC}${API_TESTING}/`);

/** Where a file of the API sits: its folder, or (a top-level module) its file name. */
function partOf(path: string): { name: string; folder: boolean } {
  const rest = path.slice(API_SRC.length);
  const slash = rest.indexOf('/');
  return slash === -1 ? { name: rest, folder: false } : { name: rest.slice(0, slash), folder: true };
}

/** The broken layer rule of one import inside the API, or null. */
export function apiLayerProblem(e: ImportEdge): string | null {
  if (!e.from.startsWith(API_SRC) || !e.resolved?.startsWith(API_SRC)) return null;
  const from = partOf(e.from);
  const to = partOf(e.resolved);
  if (from.name === to.name) return null;
  const test = isApiTest(e.from);
  const composing = (!from.folder && API_COMPOSITION.includes(from.name)) || from.name === API_TESTING;
  if (!to.folder) {
    if (!API_COMPOSITION.includes(to.name) || composing || test) return null;
    if (to.name === 'services.ts' && e.typeOnly) return null;
    return `imports ${e.resolved}, which composes the app: only its types (services.ts, import type) are for ${from.name}`;
  }
  if (to.name === API_TESTING) return test || composing ? null : `imports the test entry (${e.resolved}) outside a test`;
  if (to.name === API_GENERIC || composing) return null;
  if (from.name === API_GENERIC) return `imports ${e.resolved}: plugins/ know no feature (the app hands them what they need)`;
  const allowed = API_FEATURE_IMPORTS[from.name] ?? [];
  if (allowed.includes(to.name)) return null;
  return `imports ${e.resolved}: ${from.name} may import ${allowed.length ? allowed.map((f) => `${f}/`).join(', ') : 'no feature'} (rules.ts API_FEATURE_IMPORTS)`;
}
