import { z } from 'zod';
import { FILE_LIMITS } from '../projects/project-paths';
import { UPLOAD_IMAGE_TYPES } from '../projects/uploads';
import { STYLE_PROPERTIES, VISUAL_EDIT_LIMITS } from '../visual-edits/style-properties';
import { resourceId } from './common';
import { Version } from './files';

/** Where a JSX element starts in the project: its `<`, line and column counted from 1 (as the preview marks it). */
export const ElementRef = z
  .strictObject({
    file: z.string().min(1).max(FILE_LIMITS.maxPathLength),
    line: z.number().int().min(1).max(1_000_000),
    column: z.number().int().min(1).max(100_000),
  })
  .meta({ id: 'ElementRef' });
export type ElementRef = z.infer<typeof ElementRef>;

const base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: 'The image must be base64.' });

/** One change to one element. */
export const VisualChange = z
  .discriminatedUnion('type', [
    z.strictObject({ type: z.literal('text'), value: z.string().max(VISUAL_EDIT_LIMITS.maxText) }),
    z.strictObject({
      type: z.literal('style'),
      property: z.enum(STYLE_PROPERTIES),
      value: z.string().max(64).nullable().describe('A Tailwind value of the family (emerald-700, #1f7a4d, 4, lg, center, hidden); null removes it'),
    }),
    z.strictObject({ type: z.literal('image'), src: z.string().min(1).max(VISUAL_EDIT_LIMITS.maxImageUrl).describe('An https address') }),
    z.strictObject({
      type: z.literal('image-upload'),
      fileName: z.string().min(1).max(200),
      mimeType: z.enum(UPLOAD_IMAGE_TYPES),
      contentBase64: base64.max(Math.ceil((VISUAL_EDIT_LIMITS.maxImageBytes * 4) / 3) + 4),
    }),
  ])
  .meta({ id: 'VisualChange' });
export type VisualChange = z.infer<typeof VisualChange>;

export const VisualEdit = z.strictObject({ element: ElementRef, change: VisualChange });
export type VisualEdit = z.infer<typeof VisualEdit>;

/** POST /build/v1/sprouts/:id/visual-edits: the changes become one version (source "visual"), with no model call and no charge. */
export const VisualEditsBody = z.strictObject({
  baseVersionId: resourceId('version'),
  edits: z.array(VisualEdit).min(1).max(VISUAL_EDIT_LIMITS.maxEdits),
});
export type VisualEditsBody = z.infer<typeof VisualEditsBody>;

/** POST …/visual-edits/undo: the version this visual version was made from, as a new version; only while it is still the current one. */
export const VisualUndoBody = z.strictObject({ versionId: resourceId('version') });
export type VisualUndoBody = z.infer<typeof VisualUndoBody>;

/** GET …/visual-edits/element: what the selected element is in the source, for the edit panel. */
export const ElementQuery = z.strictObject({
  versionId: resourceId('version'),
  file: ElementRef.shape.file,
  line: z.coerce.number().int().min(1).max(1_000_000),
  column: z.coerce.number().int().min(1).max(100_000),
});
export type ElementQuery = z.infer<typeof ElementQuery>;

const Editable = z.object({ editable: z.boolean(), value: z.string().nullable(), reason: z.string().nullable().describe('Why it cannot be edited here') });

export const ElementDescription = z
  .object({
    element: ElementRef,
    tag: z.string(),
    component: z.string().nullable(),
    inList: z.boolean().describe('Drawn for each item of a list (inside a .map): a change applies to every item'),
    text: Editable,
    classes: Editable,
    styles: z.record(z.enum(STYLE_PROPERTIES), z.string().nullable()).describe('The current value of each property (from its classes)'),
    image: z.object({ src: z.string().nullable(), editable: z.boolean() }).nullable(),
    /** The element's lines in its file. */
    startLine: z.number().int(),
    endLine: z.number().int(),
  })
  .meta({ id: 'ElementDescription' });
export type ElementDescription = z.infer<typeof ElementDescription>;

export const VisualEditsAnswer = z.object({ version: Version, changed: z.array(z.string()).describe('The files changed') });
export type VisualEditsAnswer = z.infer<typeof VisualEditsAnswer>;
