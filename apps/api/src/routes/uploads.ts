import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../plugins/authenticate';
import { ErrorDto } from '../dto';
import { MAX_UPLOAD_BYTES } from '../chat/image-sniff';
import { createUpload, getUpload } from '../chat/uploads';
import type { Services } from '../services';

const id = (what: string) => z.string().regex(/^[a-z0-9]{1,64}$/, { error: `Invalid ${what} id.` });
const UploadDto = z.object({ id: z.string(), mimeType: z.string(), size: z.number().int() }).meta({ id: 'Upload' });

/** Images for chat messages (enableImageUploads): the raw file as the body, its type sniffed from the bytes. */
export const uploadRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  // Any declared type is read as bytes: the content decides, not the header (scoped to this plugin).
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_req, body, done) => done(null, body));

  app.post(
    '/uploads',
    {
      config: { auth: 'user' },
      bodyLimit: MAX_UPLOAD_BYTES,
      schema: {
        tags: ['uploads'],
        description: 'Body: the image bytes (png, jpeg, webp or gif, at most 5 MB) with any content type, e.g. the File from an <input>.',
        querystring: z.strictObject({ sproutId: id('project').optional() }),
        response: { 201: UploadDto, 403: ErrorDto, 413: ErrorDto, 415: ErrorDto, 400: ErrorDto, 401: ErrorDto, 404: ErrorDto },
      },
    },
    async (req, reply) => reply.status(201).send(await createUpload(s, authOf(req).user, req.body, req.query.sproutId)),
  );

  app.get(
    '/uploads/:id',
    { config: { auth: 'user' }, schema: { tags: ['uploads'], params: z.strictObject({ id: id('upload') }), response: { 200: z.any(), 401: ErrorDto, 404: ErrorDto } } },
    async (req, reply) => {
      const upload = await getUpload(s, authOf(req).user.id, req.params.id);
      return reply
        .header('content-type', upload.mimeType)
        .header('content-security-policy', "default-src 'none'")
        .header('cache-control', 'private, max-age=3600')
        .send(Buffer.from(upload.data));
    },
  );
};
