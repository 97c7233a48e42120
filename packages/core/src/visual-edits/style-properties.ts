/**
 * What a visual edit may change on an element's classes: each property is one family of Tailwind
 * classes (setting it replaces the element's class of that family, null removes it).
 */
export const STYLE_PROPERTIES = [
  'textColor',
  'backgroundColor',
  'borderColor',
  'padding',
  'paddingX',
  'paddingY',
  'margin',
  'marginX',
  'marginY',
  'gap',
  'fontSize',
  'fontWeight',
  'radius',
  'textAlign',
  'visibility',
] as const;
export type StyleProperty = (typeof STYLE_PROPERTIES)[number];

/** How long a text a visual edit may set is, and how many edits one request may carry. */
export const VISUAL_EDIT_LIMITS = {
  maxText: 2000,
  maxEdits: 50,
  maxImageUrl: 2048,
  /** An uploaded image is kept in the project as a data URL module (versions hold text files only). */
  maxImageBytes: 256 * 1024,
} as const;
