import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../plugins/authenticate';
import { ErrorBody, idParams, Upload, UploadQuery } from '@sprout/core/contract';
import { MAX_UPLOAD_BYTES } from '@sprout/core';
import { createUpload } from './uploads';
import { ownedUpload, targetSprout } from '../plugins/ownership';
import type { Services } from '../services';

const UploadBytes = z.any().describe('The image bytes, with their sniffed content type');

/** Images for chat messages (enableImageUploads): the raw file as the body, its type sniffed from the bytes. */
export const uploadRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  // Any declared type is read as bytes: the content decides, not the header (scoped to this plugin).
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_req, body, done) => done(null, body));

  app.post(
    '/uploads',
    {
      config: { auth: 'user', owns: 'target-sprout', feature: 'enableImageUploads' },
      bodyLimit: MAX_UPLOAD_BYTES,
      schema: {
        tags: ['uploads'],
        description: 'Body: the image bytes (png, jpeg, webp or gif, at most 5 MB) with any content type, e.g. the File from an <input>.',
        querystring: UploadQuery,
        response: { 201: Upload, 403: ErrorBody, 413: ErrorBody, 415: ErrorBody, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (req, reply) => reply.status(201).send(await createUpload(s, authOf(req).user, req.body, targetSprout(req))),
  );

  app.get(
    '/uploads/:id',
    {
      config: { auth: 'user', owns: 'upload' },
      schema: { tags: ['uploads'], params: idParams('upload'), response: { 200: UploadBytes, 401: ErrorBody, 404: ErrorBody } },
    },
    async (req, reply) => {
      const upload = ownedUpload(req);
      return reply
        .header('content-type', upload.mimeType)
        .header('content-security-policy', "default-src 'none'")
        .header('cache-control', 'private, max-age=3600')
        .send(Buffer.from(upload.data));
    },
  );
};
