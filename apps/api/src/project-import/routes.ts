import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS, MAX_IMPORT_ZIP_BASE64 } from '@sprout/core/contract';
import { authOf } from '../plugins/authenticate';
import { registerEndpoint } from '../plugins/endpoint';
import type { Services } from '../services';
import { importProject } from './import-project';

/** A new project from a git repository or a zip. */
export const importRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  // The zip travels as base64 in the JSON body, with room for its name and the rest of the body.
  registerEndpoint(app, ENDPOINTS.importSprout, { config: { auth: 'user' }, route: { bodyLimit: MAX_IMPORT_ZIP_BASE64 + 64 * 1024 } }, async (req) =>
    importProject(s, authOf(req).user.id, req.body),
  );
};
