// The app's behaviour checks (checks/*.json) follow its forms: a field removed from a form is no
// longer filled in by any check, and a renamed one is found by its new label, so the checks keep
// passing on the app as it now is.

import { BehaviourCheck, type CheckStep, type CheckTarget, isCheckFile } from '@sprout/core';
import type { EditAction } from '@sprout/engine/protocol';
import { diffChange } from './edit-text';

/** The project's check files that parse, with their text (one that does not is left as it is: the run's checks report it). */
function* checkFiles(files: ReadonlyMap<string, string>): Generator<{ path: string; text: string; check: BehaviourCheck }> {
  for (const [path, text] of files) {
    if (!isCheckFile(path)) continue;
    let parsed: ReturnType<typeof BehaviourCheck.safeParse>;
    try {
      parsed = BehaviourCheck.safeParse(JSON.parse(text));
    } catch {
      continue;
    }
    if (parsed.success) yield { path, text, check: parsed.data };
  }
}

export function checksWithoutField(files: ReadonlyMap<string, string>, field: { label: string; placeholder?: string }): EditAction[] {
  const out: EditAction[] = [];
  for (const { path, text, check } of checkFiles(files)) {
    const fills = (s: CheckStep) =>
      s.do === 'fill' &&
      (('label' in s.target && s.target.label === field.label) ||
        ('role' in s.target && s.target.name === field.label) ||
        (!!field.placeholder && 'placeholder' in s.target && s.target.placeholder === field.placeholder));
    const steps = check.steps.filter((s) => !fills(s));
    if (steps.length === check.steps.length || steps.length === 0) continue;
    const change = diffChange(path, text, `${JSON.stringify({ ...check, steps }, null, 2)}\n`);
    if (change) out.push(change);
  }
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Target = CheckTarget | undefined;

/**
 * The checks that name a field by its label, with the new label: the controls they fill, and the
 * texts the app builds from the label ("Add a weight to see it charted here").
 */
export function checksWithRenamedField(files: ReadonlyMap<string, string>, rename: { from: string; to: string }): EditAction[] {
  const out: EditAction[] = [];
  const inText = (t: string) => t.replace(new RegExp(`\\b${escape(rename.from.toLowerCase())}\\b`, 'g'), rename.to.toLowerCase());
  const target = (t: Target): Target =>
    t && 'label' in t && t.label === rename.from ? { label: rename.to } : t && 'role' in t && t.name === rename.from ? { ...t, name: rename.to } : t;
  for (const { path, text, check } of checkFiles(files)) {
    const steps = check.steps.map((s): CheckStep => {
      if (s.do === 'expectText') return { ...s, text: inText(s.text), ...(s.target ? { target: target(s.target) } : {}) };
      if (s.do === 'expectNoText') return { ...s, text: inText(s.text) };
      if (s.do === 'fill' || s.do === 'click' || s.do === 'expectCount') return { ...s, target: target(s.target)! };
      return s;
    });
    const change = diffChange(path, text, `${JSON.stringify({ name: inText(check.name), steps }, null, 2)}\n`);
    if (change) out.push(change);
  }
  return out;
}
