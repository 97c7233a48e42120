import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS, readSiteSettings, SiteSettingsInput } from './site-settings';

describe('SiteSettingsInput', () => {
  it('takes plain text within the limits, trimmed, with defaults', () => {
    expect(SiteSettingsInput.parse({ title: '  Soup  ' })).toEqual({
      title: 'Soup',
      description: '',
      language: 'en',
      socialImage: 'thumbnail',
      favicon: 'app',
    });
    expect(SiteSettingsInput.parse({ language: 'pt-BR' }).language).toBe('pt-BR');
  });

  it('refuses long text, markup, control characters and bad language tags', () => {
    expect(SiteSettingsInput.safeParse({ title: 'x'.repeat(71) }).success).toBe(false);
    expect(SiteSettingsInput.safeParse({ description: 'x'.repeat(201) }).success).toBe(false);
    expect(SiteSettingsInput.safeParse({ title: '</title><script>alert(1)</script>' }).success).toBe(false);
    expect(SiteSettingsInput.safeParse({ title: 'a\nb' }).success).toBe(false);
    expect(SiteSettingsInput.safeParse({ language: 'en" onload="x' }).success).toBe(false);
    expect(SiteSettingsInput.safeParse({ title: 5 }).success).toBe(false);
    expect(SiteSettingsInput.safeParse({ title: 'A < B & C' }).success).toBe(true);
  });
});

describe('readSiteSettings', () => {
  it('falls back field by field to the defaults', () => {
    expect(readSiteSettings(null)).toEqual(DEFAULT_SITE_SETTINGS);
    expect(readSiteSettings({ title: 'Soup', language: 42, socialImageUploadId: 'u1' })).toEqual({
      ...DEFAULT_SITE_SETTINGS,
      title: 'Soup',
      socialImageUploadId: 'u1',
    });
  });
});
