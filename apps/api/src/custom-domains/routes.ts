import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@sprout/core/contract';
import { registerEndpoint } from '../plugins/endpoint';
import { ownedSprout } from '../plugins/ownership';
import type { Services } from '../services';
import { addDomain, listDomains, removeDomain, setPrimaryDomain, verifyDomain } from './domains';
import { startDomainChecks } from './scheduled-checks';
import { tlsAskRoutes } from './tls-ask';

const owner = { config: { auth: 'user', owns: 'sprout' } } as const;

/** The owner's domains of a published app (build API); the scheduled checks run where requests are served. */
export const customDomainRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  if (s.config.role === 'all' || s.config.role === 'api') {
    let stop: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stop = startDomainChecks(s);
    });
    app.addHook('onClose', async () => stop?.());
  }
  registerEndpoint(app, ENDPOINTS.listCustomDomains, owner, async (req) => ({ domains: await listDomains(s, ownedSprout(req).id) }));
  registerEndpoint(app, ENDPOINTS.addCustomDomain, owner, async (req) => addDomain(s, ownedSprout(req), req.body.domain));
  registerEndpoint(app, ENDPOINTS.verifyCustomDomain, owner, async (req) => verifyDomain(s, ownedSprout(req).id, req.params.domain));
  registerEndpoint(app, ENDPOINTS.updateCustomDomain, owner, async (req) => setPrimaryDomain(s, ownedSprout(req).id, req.params.domain, req.body.primary));
  registerEndpoint(app, ENDPOINTS.removeCustomDomain, owner, async (req) => {
    await removeDomain(s, ownedSprout(req).id, req.params.domain);
  });
};

export { tlsAskRoutes };
