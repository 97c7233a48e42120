import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BuildStatus,
  BuildStatusQuery,
  ErrorBody,
  idParams,
  PreviewSession,
  PreviewSessionBody,
  PublishAddress,
  PublishAddressQuery,
  PublishBody,
  Sprout,
} from '@sprout/core/contract';
import { errorResponses, toSproutDto } from '../dto';
import { exportSprout } from './export';
import { createPreviewSession, previewBuildStatus } from './previews';
import { publishAddress } from './address';
import { publishSprout, unpublishSprout } from './publish';
import type { Services } from '../services';
import { ownedSprout } from '../plugins/ownership';
import { authOf } from '../plugins/authenticate';

const errors = errorResponses;
const ExportZip = z.any().describe('application/zip: the project as a standalone Vite project');
const projectParams = idParams('project');

/** The build product's API (/build/v1): previews, publishing and export of one project. */
export const publishingRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  app.post(
    '/sprouts/:id/preview-session',
    {
      config: { auth: 'user', owns: 'sprout' },
      schema: { tags: ['build'], params: projectParams, body: PreviewSessionBody.nullish(), response: { 200: PreviewSession, ...errors } },
    },
    async (req) => createPreviewSession(s, ownedSprout(req), req.body ?? {}),
  );

  app.get(
    '/sprouts/:id/build',
    {
      config: { auth: 'user', owns: 'sprout' },
      schema: {
        tags: ['build'],
        params: projectParams,
        querystring: BuildStatusQuery,
        response: { 200: BuildStatus, ...errors },
      },
    },
    async (req) => previewBuildStatus(s, authOf(req).user, ownedSprout(req), req.query.versionId),
  );

  app.get(
    '/sprouts/:id/address',
    {
      config: { auth: 'user', owns: 'sprout' },
      schema: { tags: ['build'], params: projectParams, querystring: PublishAddressQuery, response: { 200: PublishAddress, ...errors } },
    },
    async (req) => publishAddress(s, ownedSprout(req), req.query.slug),
  );

  app.post(
    '/sprouts/:id/publish',
    {
      config: { auth: 'user', owns: 'sprout' },
      schema: {
        tags: ['build'],
        params: projectParams,
        body: PublishBody.nullish(),
        response: { 200: Sprout, 402: ErrorBody, 409: ErrorBody, 422: ErrorBody, ...errors },
      },
    },
    async (req) => toSproutDto(await publishSprout(s, ownedSprout(req), req.body ?? {})),
  );

  app.delete(
    '/sprouts/:id/publish',
    { config: { auth: 'user', owns: 'sprout' }, schema: { tags: ['build'], params: projectParams, response: { 200: Sprout, ...errors } } },
    async (req) => toSproutDto(await unpublishSprout(s, ownedSprout(req))),
  );

  app.get(
    '/sprouts/:id/export',
    { config: { auth: 'user', owns: 'sprout' }, schema: { tags: ['build'], params: projectParams, response: { 200: ExportZip, ...errors } } },
    async (req, reply) => {
      const { fileName, zip } = await exportSprout(s, ownedSprout(req));
      return reply.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="${fileName}"`).send(zip);
    },
  );
};
