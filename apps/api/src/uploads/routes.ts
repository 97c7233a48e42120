import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@sprout/core/contract';
import { MAX_UPLOAD_BYTES } from '@sprout/core';
import { authOf } from '../plugins/authenticate';
import { registerEndpoint } from '../plugins/endpoint';
import { createUpload, openUpload, uploadTooLarge } from './uploads';
import { ownedUpload, targetSprout } from '../plugins/ownership';
import type { Services } from '../services';

/** Images for chat messages (enableImageUploads): the raw file as the body, its type sniffed from the bytes. */
export const uploadRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  // Any declared type is a stream of bytes: the content decides, not the header (scoped to this
  // plugin). A body declared longer than the limit is refused before a byte is read; one sent longer
  // is cut off there while it streams into the file store (createUpload).
  app.addContentTypeParser('*', (req, payload, done) => {
    if (Number(req.headers['content-length']) > MAX_UPLOAD_BYTES) return done(uploadTooLarge(), undefined);
    done(null, payload);
  });

  registerEndpoint(app, ENDPOINTS.upload, { config: { auth: 'user', owns: 'target-sprout', feature: 'enableImageUploads' } }, async (req) =>
    createUpload(s, authOf(req).user, req.body, targetSprout(req)),
  );

  // Streamed from the file store: the bytes never pass through the database.
  registerEndpoint(app, ENDPOINTS.uploaded, { config: { auth: 'user', owns: 'upload' } }, async (req, reply) => {
    const upload = ownedUpload(req);
    const image = await openUpload(s, upload);
    return reply
      .header('content-type', upload.mimeType)
      .header('content-length', String(image.size))
      .header('content-security-policy', "default-src 'none'")
      .header('cache-control', 'private, max-age=3600')
      .send(image.stream);
  });
};
