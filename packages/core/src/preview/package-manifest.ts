// What a project's package.json may hold. npm runs lifecycle scripts on install and fetches any
// URL a dependency names: an exported project is installed on someone's machine, so a manifest
// that would run or fetch anything beyond the listed packages is refused when it is written.

const LIFECYCLE = /^(?:pre|post)?(?:install|uninstall|prepare|prepublish|prepublishOnly|prepack|postpack|publish|version|shrinkwrap|dependencies)$/;
const REFUSED_FIELDS = ['optionalDependencies', 'overrides', 'resolutions', 'bundleDependencies', 'bundledDependencies', 'workspaces', 'pnpm'];
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies'];
/** A registry version or range; anything else (a URL, git, a path, an alias) fetches from elsewhere. */
const REGISTRY_RANGE = /^[\w.^~<>=|*+\- ]{1,80}$/;

/** Why this package.json content may not be stored, or null. Content that is not JSON is left to the build. */
export function packageManifestProblem(content: string): string | null {
  let manifest: unknown;
  try {
    manifest = JSON.parse(content);
  } catch {
    return null;
  }
  if (!manifest || typeof manifest !== 'object' || Array.isArray(manifest)) return 'package.json must be a JSON object.';
  const m = manifest as Record<string, unknown>;
  const field = REFUSED_FIELDS.find((f) => f in m);
  if (field) return `package.json may not have "${field}": it would change what npm installs.`;
  if (m.scripts !== undefined) {
    if (!m.scripts || typeof m.scripts !== 'object' || Array.isArray(m.scripts)) return 'package.json "scripts" must be an object.';
    const hook = Object.keys(m.scripts).find((k) => LIFECYCLE.test(k));
    if (hook) return `package.json may not have a "${hook}" script: npm would run it on install.`;
  }
  for (const f of DEPENDENCY_FIELDS) {
    const deps = m[f];
    if (deps === undefined) continue;
    if (!deps || typeof deps !== 'object' || Array.isArray(deps)) return `package.json "${f}" must be an object.`;
    const bad = Object.entries(deps).find(([, v]) => typeof v !== 'string' || !REGISTRY_RANGE.test(v) || /^(?:npm|git|file|link|http)/.test(v));
    if (bad) return `package.json "${f}" may only name registry versions, not ${JSON.stringify(bad[1]).slice(0, 80)} for ${bad[0].slice(0, 80)}.`;
  }
  return null;
}
