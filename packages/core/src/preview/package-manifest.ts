// What a project's package.json may hold. npm runs lifecycle scripts on install and fetches any
// URL a dependency names: an exported project is installed on someone's machine, so a manifest
// that would run or fetch anything beyond the listed packages is refused when it is written.

const LIFECYCLE = /^(?:pre|post)?(?:install|uninstall|prepare|prepublish|prepublishOnly|prepack|postpack|publish|version|shrinkwrap|dependencies)$/;
const REFUSED_FIELDS = ['optionalDependencies', 'overrides', 'resolutions', 'bundleDependencies', 'bundledDependencies', 'workspaces', 'pnpm'];
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies'];
/** A registry version or range; anything else (a URL, git, a path, an alias) fetches from elsewhere. */
const REGISTRY_RANGE = /^[\w.^~<>=|*+\- ]{1,80}$/;

/**
 * One part of a manifest that may not be stored, with the sentence that says why: a whole `field`,
 * a lifecycle `script`, or one `dependency` of a dependency field (`field`). `shape`: the manifest
 * or one of its fields is not the kind of JSON value it must be.
 */
export type ManifestProblem =
  | { kind: 'shape'; field: string | null; message: string }
  | { kind: 'field'; field: string; message: string }
  | { kind: 'script'; name: string; message: string }
  | { kind: 'dependency'; field: string; name: string; message: string };

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Every part of a parsed manifest that may not be stored, in the order they are checked. */
export function manifestProblems(manifest: unknown): ManifestProblem[] {
  if (!isObject(manifest)) return [{ kind: 'shape', field: null, message: 'package.json must be a JSON object.' }];
  const problems: ManifestProblem[] = [];
  for (const field of REFUSED_FIELDS.filter((f) => f in manifest)) {
    problems.push({ kind: 'field', field, message: `package.json may not have "${field}": it would change what npm installs.` });
  }
  if (manifest.scripts !== undefined) {
    if (!isObject(manifest.scripts)) problems.push({ kind: 'shape', field: 'scripts', message: 'package.json "scripts" must be an object.' });
    else {
      for (const name of Object.keys(manifest.scripts).filter((k) => LIFECYCLE.test(k))) {
        problems.push({ kind: 'script', name, message: `package.json may not have a "${name}" script: npm would run it on install.` });
      }
    }
  }
  for (const field of DEPENDENCY_FIELDS) {
    const deps = manifest[field];
    if (deps === undefined) continue;
    if (!isObject(deps)) {
      problems.push({ kind: 'shape', field, message: `package.json "${field}" must be an object.` });
      continue;
    }
    for (const [name, v] of Object.entries(deps)) {
      if (typeof v === 'string' && REGISTRY_RANGE.test(v) && !/^(?:npm|git|file|link|http)/.test(v)) continue;
      const message = `package.json "${field}" may only name registry versions, not ${JSON.stringify(v).slice(0, 80)} for ${name.slice(0, 80)}.`;
      problems.push({ kind: 'dependency', field, name, message });
    }
  }
  return problems;
}

/** Why this package.json content may not be stored, or null. Content that is not JSON is left to the build. */
export function packageManifestProblem(content: string): string | null {
  let manifest: unknown;
  try {
    manifest = JSON.parse(content);
  } catch {
    return null;
  }
  return manifestProblems(manifest)[0]?.message ?? null;
}
