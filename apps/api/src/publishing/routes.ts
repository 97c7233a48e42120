import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@sprout/core/contract';
import { registerEndpoint } from '../plugins/endpoint';
import { toSproutDto } from '../dto';
import { exportSprout } from './export';
import { publishAddress } from './address';
import { unpublishSprout } from './publish';
import { requestPublish } from './request-publish';
import { checkBeforePublish } from './security-check';
import type { Services } from '../services';
import { ownedSprout } from '../plugins/ownership';

const onProject = { config: { auth: 'user', owns: 'sprout' } } as const;

/** The build product's API (/build/v1): publishing and export of one project. */
export const publishingRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  registerEndpoint(app, ENDPOINTS.publishAddress, onProject, async (req) => publishAddress(s, ownedSprout(req), req.query.slug));

  registerEndpoint(app, ENDPOINTS.publishCheck, onProject, async (req) => checkBeforePublish(s, ownedSprout(req)));

  registerEndpoint(app, ENDPOINTS.publish, onProject, async (req) => toSproutDto(await requestPublish(s, ownedSprout(req), req.body ?? {})));

  registerEndpoint(app, ENDPOINTS.unpublish, onProject, async (req) => toSproutDto(await unpublishSprout(s, ownedSprout(req))));

  registerEndpoint(app, ENDPOINTS.exportSprout, onProject, async (req, reply) => {
    const { fileName, zip } = await exportSprout(s, ownedSprout(req));
    return reply.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="${fileName}"`).send(zip);
  });
};
