// Changes made by pointing at an element in the preview: no model call, no charge.

/** The changes become one version (source "visual"). */
export const visualEdits = { base: 'build', method: 'POST', path: '/sprouts/:id/visual-edits' } as const;
/** What the selected element is in the source (text, classes, image, whether it is drawn for each item of a list). */
export const describeElement = { base: 'build', method: 'GET', path: '/sprouts/:id/visual-edits/element' } as const;
/** Takes a visual version back: the version it was made from, as a new version, while it is still current. */
export const undoVisualEdit = { base: 'build', method: 'POST', path: '/sprouts/:id/visual-edits/undo' } as const;

export const VISUAL_EDITS_ROUTES = { visualEdits, describeElement, undoVisualEdit };
