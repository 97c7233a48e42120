// Visual edits: the element selected in the preview found in the source, described for the
// edit panel, changed by splices at its syntax tree's offsets, and shown first to the model in a chat.
export { applyVisualEdits, ELEMENT_NOT_FOUND, type VisualEditsResult } from './apply-visual-edits';
export { describeElement, type DescribeResult } from './describe-element';
export { elementContext } from './element-context';
export { findElement, type FoundElement } from './find-element';
