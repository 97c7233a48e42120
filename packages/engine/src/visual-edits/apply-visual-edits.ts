import type { VisualEdit } from '@sprout/core/contract';
import { parseModule } from '../syntax/parse-module';
import { type ElementChanges, elementSplices, type FileState, fileState, type Refusal } from './element-edits';
import { findElement, uneditableFile } from './find-element';
import { applySplices, type Splice } from './splices';

// Visual edits become source edits with no model call: every element is found on the original parse
// of its file, each element's changes become splices at the offsets of its nodes (several style
// changes to one element: one rewrite of its class list), and a file's splices are made together, so
// two edits on one line do not move each other. The whole set is made, or none of it.

export type VisualEditsResult = { ok: true; files: Map<string, string>; summaries: string[] } | { ok: false; code: string; message: string; index: number };

export const ELEMENT_NOT_FOUND = 'This element is no longer in the code (it may have changed): select it again.';

interface FilePlan {
  state: FileState;
  elements: Map<number, ElementChanges>;
  firstEdit: number;
}

/** The edits grouped by file and element, each element found; the first edit that cannot be placed refuses them all. */
function plan(files: ReadonlyMap<string, string>, edits: readonly VisualEdit[]): Map<string, FilePlan> | Refusal {
  const plans = new Map<string, FilePlan>();
  for (const [index, { element: ref, change }] of edits.entries()) {
    const code = files.get(ref.file);
    if (code === undefined) return { ok: false, code: 'element_not_found', message: ELEMENT_NOT_FOUND, index };
    const problem = uneditableFile(ref.file);
    if (problem) return { ok: false, code: 'not_code', message: problem, index };
    const found = findElement(ref.file, code, ref);
    if (!found) return { ok: false, code: 'element_not_found', message: ELEMENT_NOT_FOUND, index };
    let file = plans.get(ref.file);
    if (!file) plans.set(ref.file, (file = { state: fileState(ref.file, code, found.tree), elements: new Map(), firstEdit: index }));
    const key = found.element.start!;
    let element = file.elements.get(key);
    if (!element) file.elements.set(key, (element = { found, text: null, styles: [], image: null }));
    if (change.type === 'text') element.text = { value: change.value, edit: index };
    else if (change.type === 'style') element.styles.push({ property: change.property, value: change.value, edit: index });
    else element.image = { change, edit: index };
  }
  return plans;
}

const errorCount = (path: string, code: string) => {
  const tree = parseModule(path, code);
  // Babel's error recovery lists what it recovered from on the tree (not in @babel/types' File).
  return tree ? ((tree as { errors?: unknown[] }).errors?.length ?? 0) : Number.POSITIVE_INFINITY;
};

/**
 * Applies visual edits to the files of a version: the files it changes or adds (new content only)
 * and a sentence for each change, or the first edit refused and why.
 */
export function applyVisualEdits(files: ReadonlyMap<string, string>, edits: readonly VisualEdit[]): VisualEditsResult {
  const plans = plan(files, edits);
  if (!(plans instanceof Map)) return plans;
  const out = new Map<string, string>();
  const summaries: { edit: number; text: string }[] = [];
  for (const [path, { state, elements, firstEdit }] of plans) {
    const splices: Splice[] = [];
    for (const changes of elements.values()) {
      const made = elementSplices(changes, state);
      if (!made.ok) return made;
      splices.push(...made.splices);
      const edit = Math.min(changes.text?.edit ?? Infinity, changes.styles[0]?.edit ?? Infinity, changes.image?.edit ?? Infinity);
      summaries.push(...made.summaries.map((text) => ({ edit, text })));
    }
    const applied = applySplices(state.code, splices);
    if (!applied.ok)
      return { ok: false, code: 'overlapping_edits', message: 'Two of these changes touch the same code: make them one at a time.', index: applied.edit };
    // A safety net: the splices are placed by the tree, so the file must read as well as before.
    if (errorCount(path, applied.code) > errorCount(path, state.code))
      return { ok: false, code: 'edit_failed', message: `This change would break the code of ${path}: ask in the chat instead.`, index: firstEdit };
    if (applied.code !== state.code) out.set(path, applied.code);
    for (const [newPath, content] of state.newFiles) if (files.get(newPath) !== content) out.set(newPath, content);
  }
  return { ok: true, files: out, summaries: summaries.sort((a, b) => a.edit - b.edit).map((s) => s.text) };
}
