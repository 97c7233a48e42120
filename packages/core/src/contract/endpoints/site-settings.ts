import { idParams } from '../common';
import { SiteSettingsInput, SiteSettingsView } from '../site-settings';
import { endpoint } from '../endpoint';

const sproutParams = idParams('project');

/** What a published app's pages say of themselves: read, saved, and their two images uploaded. */
export const SITE_SETTINGS_ENDPOINTS = {
  siteSettings: endpoint('siteSettings', { tag: 'build', params: sproutParams, reply: { status: 200, schema: SiteSettingsView }, errors: [] }),
  saveSiteSettings: endpoint('saveSiteSettings', {
    tag: 'build',
    params: sproutParams,
    body: SiteSettingsInput,
    reply: { status: 200, schema: SiteSettingsView },
    errors: [],
  }),
  uploadSocialImage: endpoint('uploadSocialImage', {
    tag: 'build',
    description: 'Body: the image bytes (PNG, JPEG or WebP, at most 1 MB) with any content type. It becomes the social image.',
    params: sproutParams,
    reply: { status: 200, schema: SiteSettingsView },
    errors: ['invalid_image', 'unsupported_image'],
  }),
  uploadFavicon: endpoint('uploadFavicon', {
    tag: 'build',
    description: 'Body: the icon bytes (PNG, JPEG, WebP or ICO, at most 100 KB) with any content type. It becomes the favicon.',
    params: sproutParams,
    reply: { status: 200, schema: SiteSettingsView },
    errors: ['invalid_image', 'unsupported_image'],
  }),
} as const;
