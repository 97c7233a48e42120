import { currentValue, STYLE_PROPERTIES, type StyleProperty } from '@sprout/core';
import type { ElementDescription, ElementRef } from '@sprout/core/contract';
import { ELEMENT_NOT_FOUND } from './apply-visual-edits';
import { classPart, imagePart, textPart } from './element-parts';
import { findElement, uneditableFile } from './find-element';

// What the edit panel shows for the element selected in the preview: its tag and component, its text
// and classes (and whether a visual edit can change them, or why not), each style property's value.

export type DescribeResult = { ok: true; description: ElementDescription } | { ok: false; code: 'element_not_found' | 'not_code'; message: string };

/** The element at `ref` in the project's files, described for the edit panel. */
export function describeElement(files: ReadonlyMap<string, string>, ref: ElementRef): DescribeResult {
  const code = files.get(ref.file);
  if (code === undefined) return { ok: false, code: 'element_not_found', message: ELEMENT_NOT_FOUND };
  const problem = uneditableFile(ref.file);
  if (problem) return { ok: false, code: 'not_code', message: problem };
  const found = findElement(ref.file, code, ref);
  if (!found) return { ok: false, code: 'element_not_found', message: ELEMENT_NOT_FOUND };
  const { element } = found;

  const text = textPart(element, code);
  const classes = classPart(element);
  const classText = classes.editable ? classes.value : null;
  const styles = Object.fromEntries(STYLE_PROPERTIES.map((p) => [p, classText === null ? null : currentValue(classText, p)])) as Record<
    StyleProperty,
    string | null
  >;
  // The panel shows a template's placeholders as they are written, so the person sees what is computed.
  const shownClasses = !classes.editable ? null : classes.kind === 'template' ? code.slice(classes.node.start! + 1, classes.node.end! - 1) : classes.value;

  return {
    ok: true,
    description: {
      element: { file: ref.file, line: ref.line, column: ref.column },
      tag: found.tag,
      component: found.component,
      inList: found.inList,
      text: text.editable ? { editable: true, value: text.value, reason: null } : { editable: false, value: null, reason: text.reason },
      classes: classes.editable ? { editable: true, value: shownClasses, reason: null } : { editable: false, value: null, reason: classes.reason },
      styles,
      image: imagePart(element),
      startLine: element.loc!.start.line,
      endLine: element.loc!.end.line,
    },
  };
}
