import { describe, expect, it } from 'vitest';
import { formErrors, linkPreview, type SettingsForm } from './settings-form';

const FORM: SettingsForm = { title: 'Soup', description: 'Hot soup', language: 'en', socialImage: 'thumbnail', favicon: 'app' };

describe('the Publish settings form', () => {
  it('says what is wrong in plain words', () => {
    expect(formErrors(FORM)).toEqual({});
    expect(formErrors({ ...FORM, title: 'x'.repeat(71) }).title).toBe('Keep the title to 70 characters (it has 71).');
    expect(formErrors({ ...FORM, description: '<b>hi</b>' }).description).toBe('The description must be plain text, without HTML tags.');
    expect(formErrors({ ...FORM, language: 'english!' }).language).toBe('Use a language code such as en, fr or pt-BR.');
    expect(formErrors({ ...FORM, title: 'A < B' })).toEqual({});
  });

  it('previews the shared link with the app’s name when no title is set', () => {
    const view = { siteUrl: 'https://soup.sites.example', socialImageUrl: null, hasSocialImageUpload: false };
    expect(linkPreview({ ...FORM, title: '  ' }, view, 'Soup Shop')).toEqual({
      title: 'Soup Shop',
      description: 'Hot soup',
      host: 'soup.sites.example',
      image: 'thumbnail',
    });
    expect(linkPreview({ ...FORM, socialImage: 'upload' }, view, 'x').image).toBeNull();
    expect(linkPreview({ ...FORM, socialImage: 'upload' }, { ...view, hasSocialImageUpload: true }, 'x').image).toBe('upload');
    expect(linkPreview(FORM, { ...view, siteUrl: null }, 'x').host).toBe('not published yet');
  });
});
