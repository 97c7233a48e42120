import { SITE_DESCRIPTION_MAX, SITE_TITLE_MAX } from '@sprout/core';
import type { SiteSettingsInput, SiteSettingsView } from '@sprout/core/contract';

/** The panel's fields as typed, before they are saved. */
export type SettingsForm = SiteSettingsInput;

export const formOf = (view: SiteSettingsView): SettingsForm => ({
  title: view.title,
  description: view.description,
  language: view.language,
  socialImage: view.socialImage,
  favicon: view.favicon,
});

const CONTROL = /[\u0000-\u001f\u007f]/;
const MARKUP = /<[a-z!/?]/i;
const LANGUAGE = /^[a-zA-Z]{2,3}(?:-[a-zA-Z0-9]{1,8})*$/;

function textError(value: string, max: number, what: string): string | undefined {
  const v = value.trim();
  if (v.length > max) return `Keep the ${what} to ${max} characters (it has ${v.length}).`;
  if (CONTROL.test(v)) return `The ${what} must be one line of plain text.`;
  if (MARKUP.test(v)) return `The ${what} must be plain text, without HTML tags.`;
  return undefined;
}

/** What is wrong with each field, in plain words, as the server would refuse it (it checks again). */
export function formErrors(form: SettingsForm): Partial<Record<'title' | 'description' | 'language', string>> {
  const errors: Partial<Record<'title' | 'description' | 'language', string>> = {};
  const title = textError(form.title, SITE_TITLE_MAX, 'title');
  const description = textError(form.description, SITE_DESCRIPTION_MAX, 'description');
  if (title) errors.title = title;
  if (description) errors.description = description;
  if (!LANGUAGE.test(form.language.trim())) errors.language = 'Use a language code such as en, fr or pt-BR.';
  return errors;
}

/** How a shared link to the app will look: the title (the app's own when none is set), description, address and picture. */
export function linkPreview(
  form: SettingsForm,
  view: Pick<SiteSettingsView, 'siteUrl' | 'socialImageUrl' | 'hasSocialImageUpload'>,
  appName: string,
): { title: string; description: string; host: string; image: 'thumbnail' | 'upload' | null } {
  return {
    title: form.title.trim() || appName,
    description: form.description.trim(),
    host: view.siteUrl ? new URL(view.siteUrl).host : 'not published yet',
    image:
      form.socialImage === 'none'
        ? null
        : form.socialImage === 'upload' && view.hasSocialImageUpload
          ? 'upload'
          : form.socialImage === 'thumbnail'
            ? 'thumbnail'
            : null,
  };
}
