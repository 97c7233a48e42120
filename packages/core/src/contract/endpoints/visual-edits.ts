import { idParams } from '../common';
import { endpoint } from '../endpoint';
import { VersionAnswer } from '../files';
import { ElementDescription, ElementQuery, VisualEditsAnswer, VisualEditsBody, VisualUndoBody } from '../visual-edits';

const sproutParams = idParams('project');

/** Visual edits (docs/architecture.md, Visual edits): pointed at in the preview, applied to the source by its syntax tree. */
export const VISUAL_EDIT_ENDPOINTS = {
  visualEdits: endpoint('visualEdits', {
    tag: 'build',
    description:
      'Applies the changes to the elements of baseVersionId, which must still be current, as one version (source "visual"). Never calls a model and is never charged.',
    params: sproutParams,
    body: VisualEditsBody,
    reply: { status: 201, schema: VisualEditsAnswer },
    errors: ['version_not_found', 'version_conflict', 'run_active', 'element_not_found', 'visual_edit_refused', 'file_too_large', 'too_many_files'],
  }),
  describeElement: endpoint('describeElement', {
    tag: 'build',
    params: sproutParams,
    query: ElementQuery,
    reply: { status: 200, schema: ElementDescription },
    errors: ['version_not_found', 'element_not_found'],
  }),
  undoVisualEdit: endpoint('undoVisualEdit', {
    tag: 'build',
    params: sproutParams,
    body: VisualUndoBody,
    reply: { status: 201, schema: VersionAnswer },
    // version_conflict: another version came after it; not_visual: it was not made by a visual edit.
    errors: ['version_not_found', 'version_conflict', 'run_active', 'not_visual'],
  }),
} as const;
