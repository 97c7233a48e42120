import type { ImportEdge } from './import-graph';
import { WEB_LAYERS, WEB_ROOT } from './rules';

// The layers inside the web app (rules.ts WEB_LAYERS): lib/ imports no component, feature or
// route; ui/ imports no feature or route; a feature imports another one only through its public
// entry (features/<name>/index.ts), and features never import each other in a circle; routes
// (app/) reach a feature only through its public entry.

type Layer = keyof typeof WEB_LAYERS;

/** A web file's layer and, in features/, its feature; top-level files (proxy.ts, testing.ts) have none. */
function webPartOf(path: string): { layer: Layer; feature: string | null } | null {
  if (!path.startsWith(WEB_ROOT)) return null;
  const [top, name] = path.slice(WEB_ROOT.length).split('/');
  // A file at the root (proxy.ts) has no second segment.
  if (!top || name === undefined || !(top in WEB_LAYERS)) return null;
  return { layer: top as Layer, feature: top === 'features' ? name : null };
}

const entryOf = (feature: string) => `${WEB_ROOT}features/${feature}/index.ts`;

/** The broken layer rule of one import inside the web app, or null. */
export function webLayerProblem(e: ImportEdge): string | null {
  if (!e.resolved) return null;
  const from = webPartOf(e.from);
  const to = webPartOf(e.resolved);
  if (!from || !to) return null;
  if (!WEB_LAYERS[from.layer].includes(to.layer)) {
    const may = WEB_LAYERS[from.layer].map((l) => `${l}/`).join(', ');
    return `imports ${e.resolved}: ${from.layer}/ may import only ${may} (rules.ts WEB_LAYERS)`;
  }
  if (to.layer !== 'features' || to.feature === from.feature || e.resolved === entryOf(to.feature!)) return null;
  const who = from.layer === 'app' ? 'a route' : `features/${from.feature}`;
  return `imports ${e.resolved}: ${who} reaches features/${to.feature} only through its public entry (@/features/${to.feature})`;
}

/** Which features each feature imports (through their entries or not), for the check that they form no circle. */
export function webFeatureGraph(edges: readonly ImportEdge[]): Map<string, string[]> {
  const graph = new Map<string, Set<string>>();
  for (const e of edges) {
    const from = webPartOf(e.from)?.feature;
    const to = e.resolved ? webPartOf(e.resolved)?.feature : null;
    if (!from || !to || from === to) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from)!.add(to);
  }
  return new Map([...graph].map(([f, to]) => [f, [...to].sort()]));
}
