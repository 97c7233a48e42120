import { z } from 'zod';

import { SITE_DESCRIPTION_MAX, SITE_TITLE_MAX } from '../site-settings/limits';

// Plain text: no control characters (a newline in a title breaks nothing we write, but shows badly
// everywhere it is shown) and nothing that looks like markup — it is escaped anyway, but a person
// typing a tag expects it to do something, and it never will.
const CONTROL = /[\u0000-\u001f\u007f]/;
const MARKUP = /<[a-z!/?]/i;
const plainText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `The ${what} can be at most ${max} characters long.`)
    .refine((v) => !CONTROL.test(v), `The ${what} must be one line of plain text.`)
    .refine((v) => !MARKUP.test(v), `The ${what} must be plain text, without HTML tags.`);

/** A BCP 47 language tag as pages declare it (`en`, `fr-CA`, `zh-Hant-TW`). */
export const SiteLanguage = z
  .string()
  .trim()
  .max(35)
  .regex(/^[a-zA-Z]{2,3}(?:-[a-zA-Z0-9]{1,8})*$/, 'The language must be a language tag such as en, fr or pt-BR.');

/**
 * Where the social image comes from: the published version's thumbnail (the render check's
 * screenshot), the person's own upload, or none at all.
 */
export const SocialImageSource = z.enum(['thumbnail', 'upload', 'none']);
export type SocialImageSource = z.infer<typeof SocialImageSource>;
/** The favicon: the app's own (whatever its page links), or the person's upload. */
export const FaviconSource = z.enum(['app', 'upload']);
export type FaviconSource = z.infer<typeof FaviconSource>;

/**
 * What a person sets for their published app's pages. An empty title or description keeps the
 * app's own (its `<title>`, its meta description).
 */
export const SiteSettingsInput = z.object({
  title: plainText(SITE_TITLE_MAX, 'title').default(''),
  description: plainText(SITE_DESCRIPTION_MAX, 'description').default(''),
  language: SiteLanguage.default('en'),
  socialImage: SocialImageSource.default('thumbnail'),
  favicon: FaviconSource.default('app'),
});
export type SiteSettingsInput = z.infer<typeof SiteSettingsInput>;

/** The settings as stored: the input, and the uploads its images are. */
export const SiteSettings = SiteSettingsInput.extend({
  socialImageUploadId: z.string().nullable().default(null),
  faviconUploadId: z.string().nullable().default(null),
});
export type SiteSettings = z.infer<typeof SiteSettings>;

/** The settings as the panel reads them, with where the images are served once published. */
export const SiteSettingsView = SiteSettingsInput.extend({
  hasSocialImageUpload: z.boolean(),
  hasFaviconUpload: z.boolean(),
  /** The published app's address (null: not published), and its images there. */
  siteUrl: z.string().nullable(),
  socialImageUrl: z.string().nullable(),
  faviconUrl: z.string().nullable(),
});
export type SiteSettingsView = z.infer<typeof SiteSettingsView>;

/** The settings of an app nobody has set: everything from the app itself and its thumbnail. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  title: '',
  description: '',
  language: 'en',
  socialImage: 'thumbnail',
  favicon: 'app',
  socialImageUploadId: null,
  faviconUploadId: null,
};

/** Stored settings read back: anything unreadable (an older shape, a hand edit) falls back field by field to the defaults. */
export function readSiteSettings(stored: unknown): SiteSettings {
  const record = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const out: Record<string, unknown> = { ...DEFAULT_SITE_SETTINGS };
  const shape = SiteSettings.shape;
  for (const key of Object.keys(shape) as (keyof typeof shape)[]) {
    const parsed = shape[key].safeParse(record[key]);
    if (parsed.success) out[key] = parsed.data;
  }
  return out as SiteSettings;
}
