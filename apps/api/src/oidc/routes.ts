import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@sprout/core/contract';
import { registerEndpoint } from '../plugins/endpoint';
import type { Services } from '../services';
import { completeSignIn, finishSignIn, providerOf, startSignIn } from './flow';
import { browserCookie, readBrowserCookie } from './sign-in-state';

const pub = { config: { auth: 'public' } } as const;

/** One-click sign-in with the configured OpenID Connect providers (all public; start and callback answer with redirects). */
export const oidcRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  const secure = s.config.apiUrl.startsWith('https:');

  registerEndpoint(app, ENDPOINTS.oidcProviders, pub, async () => ({ providers: s.oidc.list() }));

  registerEndpoint(app, ENDPOINTS.oidcStart, pub, async (req, reply) => {
    const p = providerOf(s, req.params.provider);
    const { location, browser } = await startSignIn(s, p, req.query, readBrowserCookie(req.headers.cookie), req.ip);
    if (browser) reply.header('set-cookie', browserCookie(browser, secure));
    return reply.header('cache-control', 'no-store').redirect(location, 302);
  });

  registerEndpoint(app, ENDPOINTS.oidcCallback, pub, async (req, reply) => {
    const p = providerOf(s, req.params.provider);
    const at = req.url.indexOf('?');
    const { location } = await finishSignIn(s, p, req.query, at < 0 ? '' : req.url.slice(at), readBrowserCookie(req.headers.cookie), req.ip);
    return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(location, 302);
  });

  registerEndpoint(app, ENDPOINTS.oidcComplete, pub, async (req) => completeSignIn(s, req.body.code, req.body.secret));
};
