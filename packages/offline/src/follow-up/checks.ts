// The app's behaviour checks (checks/*.json) follow its forms: a field removed from a form is no
// longer filled in by any check, so the checks keep passing on the app as it now is.

import { BehaviourCheck, isCheckFile } from '@sprout/core';
import type { EditAction } from '@sprout/engine/protocol';
import { diffChange } from './edit-text';

export function checksWithoutField(files: ReadonlyMap<string, string>, field: { label: string; placeholder?: string }): EditAction[] {
  const out: EditAction[] = [];
  for (const [path, text] of files) {
    if (!isCheckFile(path)) continue;
    let parsed: ReturnType<typeof BehaviourCheck.safeParse>;
    try {
      parsed = BehaviourCheck.safeParse(JSON.parse(text));
    } catch {
      continue;
    }
    if (!parsed.success) continue;
    const fills = (s: (typeof parsed.data.steps)[number]) =>
      s.do === 'fill' &&
      (('label' in s.target && s.target.label === field.label) ||
        ('role' in s.target && s.target.name === field.label) ||
        (!!field.placeholder && 'placeholder' in s.target && s.target.placeholder === field.placeholder));
    const steps = parsed.data.steps.filter((s) => !fills(s));
    if (steps.length === parsed.data.steps.length || steps.length === 0) continue;
    const change = diffChange(path, text, `${JSON.stringify({ ...parsed.data, steps }, null, 2)}\n`);
    if (change) out.push(change);
  }
  return out;
}
