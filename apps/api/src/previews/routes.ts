import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@sprout/core/contract';
import { authOf } from '../plugins/authenticate';
import { registerEndpoint } from '../plugins/endpoint';
import { ownedSprout } from '../plugins/ownership';
import type { Services } from '../services';
import { createPreviewSession, previewBuildStatus } from './previews';

const onProject = { config: { auth: 'user', owns: 'sprout' } } as const;

/** The build product's API (/build/v1): a project's preview session and its build's outcome. */
export const previewRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  registerEndpoint(app, ENDPOINTS.previewSession, onProject, async (req) => createPreviewSession(s, ownedSprout(req), req.body ?? {}));

  registerEndpoint(app, ENDPOINTS.buildStatus, onProject, async (req) => previewBuildStatus(s, authOf(req).user, ownedSprout(req), req.query.versionId));
};
