import { manifestProblems, packageManifestProblem } from '../preview/package-manifest';

export type ImportedManifest = { ok: true; content: string; removed: string[] } | { ok: false; reason: string };

/**
 * An imported app's package.json with what no version may hold taken out (the same rule as every
 * version's: `manifestProblems`): lifecycle scripts, fields that change what npm installs, and
 * dependencies that are not registry versions. Each removal is said in a sentence, for the person. A manifest
 * that is not a JSON object is not kept at all (Sprout's own takes its place).
 */
export function importManifest(content: string): ImportedManifest {
  let manifest: unknown;
  try {
    manifest = JSON.parse(content);
  } catch {
    return { ok: false, reason: "Not valid JSON: Sprout's own package.json is used instead." };
  }
  const problems = manifestProblems(manifest);
  if (problems.some((p) => p.kind === 'shape' && p.field === null))
    return { ok: false, reason: "Not a JSON object: Sprout's own package.json is used instead." };
  const m = { ...(manifest as Record<string, unknown>) };
  const removed: string[] = [];
  for (const p of problems) {
    if (p.kind === 'field') {
      delete m[p.field];
      removed.push(`Removed "${p.field}": it would change what npm installs.`);
    } else if (p.kind === 'shape' && p.field !== null) {
      delete m[p.field];
      removed.push(`Removed "${p.field}": it must be an object.`);
    } else if (p.kind === 'script') {
      const scripts = { ...(m.scripts as Record<string, unknown>) };
      delete scripts[p.name];
      m.scripts = scripts;
      removed.push(`Removed the "${p.name}" script: npm would run it on install.`);
    } else if (p.kind === 'dependency') {
      const deps = { ...(m[p.field] as Record<string, unknown>) };
      delete deps[p.name];
      m[p.field] = deps;
      removed.push(`Removed the dependency ${JSON.stringify(p.name.slice(0, 80))} of "${p.field}": only versions from the npm registry are allowed.`);
    }
  }
  const out = `${JSON.stringify(m, null, 2)}\n`;
  // Whatever was removed, what is kept must pass the rule itself.
  if (packageManifestProblem(out)) return { ok: false, reason: `${packageManifestProblem(out)} Sprout's own package.json is used instead.` };
  return { ok: true, content: removed.length === 0 ? content : out, removed };
}
