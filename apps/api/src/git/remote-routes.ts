import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@sprout/core/contract';
import { registerEndpoint } from '../plugins/endpoint';
import { ownedSprout } from '../plugins/ownership';
import type { Services } from '../services';
import { connectRemote, disconnectRemote, remoteStatus } from './project-remote';
import { pullRemote } from './remote-pull';

const onProject = { config: { auth: 'user', owns: 'sprout' } } as const;

/** A project's remote git repository (under /build/v1): connect, status, pull, disconnect. Pushes follow each version by themselves (remote-pushes.ts). */
export const remoteRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  registerEndpoint(app, ENDPOINTS.projectRemote, onProject, async (req) => remoteStatus(s, ownedSprout(req).id));
  registerEndpoint(app, ENDPOINTS.connectRemote, onProject, async (req) => connectRemote(s, ownedSprout(req), req.body));
  registerEndpoint(app, ENDPOINTS.disconnectRemote, onProject, async (req) => {
    await disconnectRemote(s, ownedSprout(req).id);
  });
  registerEndpoint(app, ENDPOINTS.pullRemote, onProject, async (req) => pullRemote(s, ownedSprout(req).id));
};
