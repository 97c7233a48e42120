import type { GateFinding } from '../contract/publish-gate';
import { advisoriesOf, declaredVersion } from './advisories';
import { finding, lineAt, type GateInput } from './gate-input';

/** The project's dependencies (package.json: the versions its build and its export install) with known advisories. */
export function dependencyFindings({ files }: GateInput): GateFinding[] {
  const text = files.get('package.json');
  if (!text) return [];
  let deps: unknown;
  try {
    deps = (JSON.parse(text) as { dependencies?: unknown }).dependencies;
  } catch {
    return [];
  }
  if (!deps || typeof deps !== 'object') return [];
  const out: GateFinding[] = [];
  for (const [name, spec] of Object.entries(deps as Record<string, unknown>)) {
    const version = typeof spec === 'string' ? declaredVersion(spec) : null;
    if (!version) continue;
    for (const a of advisoriesOf(name, version)) {
      const at = text.indexOf(`"${name}"`);
      const severity = a.severity === 'critical' || a.severity === 'high' ? 'critical' : 'warning';
      out.push(
        finding(
          severity,
          'known-advisory',
          'package.json',
          at === -1 ? null : lineAt(text, at),
          `${name} ${version} has a known ${a.severity} vulnerability (${a.id}): ${a.summary}. Update it to a version without it.`,
        ),
      );
    }
  }
  return out;
}
