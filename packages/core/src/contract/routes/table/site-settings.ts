// A published app's page settings (title, description, social image, favicon, language) and their images.

export const siteSettings = { base: 'build', method: 'GET', path: '/sprouts/:id/site-settings' } as const;
export const saveSiteSettings = { base: 'build', method: 'PUT', path: '/sprouts/:id/site-settings' } as const;
/** The social image: the raw image as the body. */
export const uploadSocialImage = { base: 'build', method: 'POST', path: '/sprouts/:id/site-settings/social-image' } as const;
/** The favicon: the raw icon as the body. */
export const uploadFavicon = { base: 'build', method: 'POST', path: '/sprouts/:id/site-settings/favicon' } as const;

export const SITE_SETTINGS_ROUTES = { siteSettings, saveSiteSettings, uploadSocialImage, uploadFavicon };
