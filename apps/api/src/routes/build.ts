import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../plugins/authenticate';
import { ErrorDto, SproutDto, toSproutDto } from '../dto';
import { exportSprout } from '../publishing/export';
import { createPreviewSession, previewBuildStatus } from '../publishing/previews';
import { publishSprout, unpublishSprout } from '../publishing/publish';
import type { Services } from '../services';

const idParams = z.strictObject({ id: z.string().regex(/^[a-z0-9]{1,64}$/, { error: 'Invalid project id.' }) });
const versionId = z.string().regex(/^[a-z0-9]{1,64}$/, { error: 'Invalid version id.' });

const PreviewSessionBody = z.strictObject({
  versionId: versionId.optional(),
  path: z
    .string()
    .max(2000)
    .regex(/^\/(?!\/)[^\\\s]*$/, { error: 'Path must start with a single / and contain no spaces or backslashes.' })
    .optional(),
});

const PreviewSessionDto = z
  .object({
    url: z.string().describe('Load this in the preview iframe within 2 minutes; the preview origin then keeps its own 12-hour session.'),
    origin: z.string().describe('The preview origin: accept postMessage events only from it.'),
    expiresAt: z.string(),
  })
  .meta({ id: 'PreviewSession' });

const BuildMessageDto = z.object({
  file: z.string().nullable(),
  line: z.number().int().nullable(),
  column: z.number().int().nullable(),
  message: z.string(),
  lineText: z.string().optional(),
});

const BuildStatusDto = z
  .object({ versionId: z.string(), ok: z.boolean(), errors: z.array(BuildMessageDto), warnings: z.array(BuildMessageDto), durationMs: z.number() })
  .meta({ id: 'BuildStatus' });

const errors = { 400: ErrorDto, 401: ErrorDto, 404: ErrorDto };

/** The build product's API (/build/v1): previews, publishing and export of one project. */
export const buildRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  app.post(
    '/sprouts/:id/preview-session',
    {
      config: { auth: 'user' },
      schema: { tags: ['build'], params: idParams, body: PreviewSessionBody.nullish(), response: { 200: PreviewSessionDto, ...errors } },
    },
    async (req) => createPreviewSession(s, authOf(req).user.id, req.params.id, req.body ?? {}),
  );

  app.get(
    '/sprouts/:id/build',
    {
      config: { auth: 'user' },
      schema: { tags: ['build'], params: idParams, querystring: z.strictObject({ versionId: versionId.optional() }), response: { 200: BuildStatusDto, ...errors } },
    },
    async (req) => previewBuildStatus(s, authOf(req).user.id, req.params.id, req.query.versionId),
  );

  app.post(
    '/sprouts/:id/publish',
    {
      config: { auth: 'user' },
      schema: { tags: ['build'], params: idParams, response: { 200: SproutDto, 402: ErrorDto, 409: ErrorDto, 422: ErrorDto, ...errors } },
    },
    async (req) => toSproutDto(await publishSprout(s, authOf(req).user.id, req.params.id)),
  );

  app.delete(
    '/sprouts/:id/publish',
    { config: { auth: 'user' }, schema: { tags: ['build'], params: idParams, response: { 200: SproutDto, ...errors } } },
    async (req) => toSproutDto(await unpublishSprout(s, authOf(req).user.id, req.params.id)),
  );

  app.get(
    '/sprouts/:id/export',
    { config: { auth: 'user' }, schema: { tags: ['build'], params: idParams, response: { 200: z.any(), ...errors } } },
    async (req, reply) => {
      const { fileName, zip } = await exportSprout(s, authOf(req).user.id, req.params.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(zip);
    },
  );
};
