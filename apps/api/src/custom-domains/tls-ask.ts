import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseCustomDomain } from '@sprout/core';
import { ENDPOINTS } from '@sprout/core/contract';
import { findCustomDomainSite } from '@sprout/db';
import { notFound } from '../errors';
import { registerEndpoint } from '../plugins/endpoint';
import type { Services } from '../services';

/**
 * Answers Caddy's on-demand TLS `ask` (docs/deploy.md, "Custom domains"): 200 only for a verified
 * domain of an app published right now, else 404. Public (Caddy calls it without credentials), one
 * indexed read, no write: a stranger asking for many names learns only what DNS already tells.
 * Mounted under /v1 once (a proxy is configured with one address).
 */
export const tlsAskRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  registerEndpoint(app, ENDPOINTS.tlsAsk, { config: { auth: 'public' } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const parsed = parseCustomDomain(req.query.domain ?? '', []);
    const site = parsed.ok ? await findCustomDomainSite(s.db, parsed.domain) : null;
    if (!parsed.ok || !site) throw notFound('This name is not a connected domain of a published app.');
    return { domain: parsed.domain };
  });
};
