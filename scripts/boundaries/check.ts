import { apiLayerProblem } from './api-layers';
import { findCycles } from './cycles';
import { importsOf, type ImportEdge, type SourceFile } from './import-graph';
import { webFeatureGraph, webLayerProblem } from './web-layers';
import {
  CORE_EXTERNALS,
  CORE_FORBIDDEN_GLOBALS,
  CORE_TEST_EXTERNALS,
  MAY_IMPORT,
  ONLY_ENTRIES,
  ownerOf,
  PACKAGE_OWNERS,
  packageOf,
  TESTS_MAY_ALSO_IMPORT,
  TYPE_ONLY,
} from './rules';

export interface BoundaryInput {
  files: SourceFile[];
  exists: (path: string) => boolean;
  /** Each package's declared entry points (`exports` of its package.json): '@sprout/db' → ['@sprout/db', '@sprout/db/testing']. */
  entryPoints: Readonly<Record<string, readonly string[]>>;
}

/** One broken rule, naming the file, the line and the import. */
export interface Violation {
  rule: 'dependency' | 'entry-point' | 'type-only' | 'core-purity' | 'cycle' | 'api-layer' | 'web-layer';
  message: string;
}

const where = (e: ImportEdge) => `${e.from}:${e.line}`;
const isTest = (path: string) => /\.test\.tsx?$|\/testing(\/|\.ts)|test-support/.test(path);

export function checkBoundaries(input: BoundaryInput): Violation[] {
  const out: Violation[] = [];
  const graph = new Map<string, string[]>();
  const webEdges: ImportEdge[] = [];
  for (const file of input.files) {
    const owner = ownerOf(file.path);
    const edges = importsOf(file, input.exists);
    graph.set(
      file.path,
      edges.flatMap((e) => (e.resolved ? [e.resolved] : [])),
    );
    if (!owner) continue;
    for (const e of edges) out.push(...checkEdge(e, owner, input));
    for (const e of edges) {
      const problem = owner === 'api' ? apiLayerProblem(e) : null;
      if (problem) out.push({ rule: 'api-layer', message: `${where(e)} ${problem}` });
    }
    if (owner === 'web') {
      webEdges.push(...edges);
      for (const e of edges) {
        const problem = webLayerProblem(e);
        if (problem) out.push({ rule: 'web-layer', message: `${where(e)} ${problem}` });
      }
    }
    if (owner === 'core' && !isTest(file.path)) {
      for (const pattern of CORE_FORBIDDEN_GLOBALS) {
        const m = pattern.exec(file.text);
        if (m) out.push({ rule: 'core-purity', message: `${file.path} uses ${m[0].trim()}: core does no I/O` });
      }
    }
  }
  for (const cycle of findCycles(graph)) out.push({ rule: 'cycle', message: `import cycle: ${cycle.join(' → ')}` });
  for (const cycle of findCycles(webFeatureGraph(webEdges)))
    out.push({ rule: 'web-layer', message: `web features import each other in a circle: ${cycle.join(' → ')}` });
  return out;
}

function checkEdge(e: ImportEdge, owner: NonNullable<ReturnType<typeof ownerOf>>, input: BoundaryInput): Violation[] {
  if (e.specifier.startsWith('.')) {
    // A relative path into another part reaches past its entry points.
    const target = e.resolved ?? e.specifier;
    const targetOwner = e.resolved ? ownerOf(e.resolved) : null;
    if (targetOwner && targetOwner !== owner) {
      return [{ rule: 'entry-point', message: `${where(e)} imports ${target} by path: use the package's entry point (its "testing" entry for test helpers)` }];
    }
    if (targetOwner && targetOwner === owner && owner === 'tests' && e.resolved && topFolder(e.from) !== topFolder(e.resolved)) {
      return [{ rule: 'entry-point', message: `${where(e)} imports ${target} from another test folder: share it through @sprout/testkit` }];
    }
    return [];
  }
  const pkg = packageOf(e.specifier);
  if (!pkg) {
    if (owner !== 'core') return [];
    const allowed = isTest(e.from) ? [...CORE_EXTERNALS, ...CORE_TEST_EXTERNALS] : CORE_EXTERNALS;
    return allowed.includes(e.specifier)
      ? []
      : [{ rule: 'core-purity', message: `${where(e)} imports ${e.specifier}: core imports nothing but ${allowed.join(', ')}` }];
  }
  const target = PACKAGE_OWNERS[pkg];
  if (!target) return [{ rule: 'dependency', message: `${where(e)} imports ${e.specifier}, which is not one of our packages` }];
  const entries = input.entryPoints[pkg] ?? [pkg];
  if (!entries.includes(e.specifier)) {
    return [{ rule: 'entry-point', message: `${where(e)} imports ${e.specifier}, which ${pkg} does not export (its entry points: ${entries.join(', ')})` }];
  }
  if (target === owner) return [];
  const may = MAY_IMPORT[owner];
  const forTests = isTest(e.from) ? (TESTS_MAY_ALSO_IMPORT[owner] ?? []) : [];
  if (may !== 'any' && !may.includes(target) && !forTests.includes(target)) {
    return [{ rule: 'dependency', message: `${where(e)} imports ${e.specifier}: ${owner} may import ${may.length ? may.join(', ') : 'none of our packages'}` }];
  }
  const only = ONLY_ENTRIES[owner]?.[pkg];
  if (only && !only.includes(e.specifier) && !(isTest(e.from) && e.specifier.endsWith('/testing'))) {
    return [{ rule: 'entry-point', message: `${where(e)} imports ${e.specifier}: ${owner} may use only ${only.join(', ')}` }];
  }
  if (TYPE_ONLY[owner]?.includes(e.specifier) && !e.typeOnly) {
    return [
      {
        rule: 'type-only',
        message: `${where(e)} imports values from ${e.specifier}: ${owner} may import only its types (import type), so zod stays out of the bundle`,
      },
    ];
  }
  return [];
}

const topFolder = (path: string) => path.split('/')[0];
