import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../services';
import { chatRoutes } from './chat';
import { projectFileRoutes } from './project-files';
import { uploadRoutes } from './uploads';

/** The generation engine's routes under /build/v1: chat and runs, files and versions, uploads. */
export const engineRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  await app.register(chatRoutes, { services });
  await app.register(projectFileRoutes, { services });
  await app.register(uploadRoutes, { services });
};
