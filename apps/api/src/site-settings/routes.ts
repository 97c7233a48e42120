import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@sprout/core/contract';
import { registerEndpoint } from '../plugins/endpoint';
import { ownedSprout } from '../plugins/ownership';
import type { Services } from '../services';
import { saveSiteSettingsOf, siteSettingsOf, uploadSiteImage } from './page-settings';
import { SITE_IMAGE_LIMITS, siteImageTooLarge } from './site-images';

const owner = { config: { auth: 'user', owns: 'sprout' } } as const;

/** The owner's Publish settings panel (build API): the pages' title, description, language and images. */
export const siteSettingsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  // The images come as raw bytes of any declared type: the content decides (scoped to this plugin).
  // A body declared longer than the larger limit is refused before a byte is read; each image's own
  // limit cuts it off while it streams into the file store.
  app.addContentTypeParser('*', (req, payload, done) => {
    if (Number(req.headers['content-length']) > SITE_IMAGE_LIMITS['social-image'].maxBytes) return done(siteImageTooLarge('social-image'), undefined);
    done(null, payload);
  });

  registerEndpoint(app, ENDPOINTS.siteSettings, owner, async (req) => siteSettingsOf(s, ownedSprout(req)));
  registerEndpoint(app, ENDPOINTS.saveSiteSettings, owner, async (req) => saveSiteSettingsOf(s, ownedSprout(req), req.body));
  registerEndpoint(app, ENDPOINTS.uploadSocialImage, owner, async (req) => uploadSiteImage(s, ownedSprout(req), 'social-image', req.body));
  registerEndpoint(app, ENDPOINTS.uploadFavicon, owner, async (req) => uploadSiteImage(s, ownedSprout(req), 'favicon', req.body));
};
