import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { effectiveFlags, type FeatureFlag } from '../flags/effective-flags';
import { isDeveloper } from '../chat/run-options';
import type { Services } from '../services';
import { authOf } from './authenticate';
import { addRoutePreHandler } from './route-hooks';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The feature flag that must be on for the caller (`config: { auth: 'user', feature: 'enableDiffView' }`). */
    feature?: FeatureFlag;
  }
}

/** What a person is told when a route's feature is off for them. */
export const FEATURE_OFF: Record<FeatureFlag, string> = {
  showMachineLogs: 'Machine logs are not enabled for your account.',
  exampleFlag: 'This feature is not enabled for your account.',
  enableImageUploads: 'Image uploads are not enabled for your account.',
  enableDiffView: 'Comparing versions is not enabled for your account.',
  enableCondensedContext: 'Condensed context is not enabled for your account.',
  enablePartialFileReplacement: 'Partial file edits are not enabled for your account.',
};

export const featureOff = (feature: FeatureFlag) => new AppError(403, 'feature_disabled', FEATURE_OFF[feature]);

/**
 * Refuses a route whose declared feature is off for the caller (after authentication and ownership,
 * so someone else's record still answers 404 first). Staff and course engineers pass: they switch
 * features on in their browser's developer toolbar, which the server cannot see.
 */
export const featureGate = fp(async (app: FastifyInstance, { services }: { services: Services }) => {
  app.addHook('onRoute', (route) => {
    const feature = route.config?.feature;
    if (!feature) return;
    addRoutePreHandler(route, async (request) => {
      const { user } = authOf(request);
      if (isDeveloper(user)) return;
      if (!(await effectiveFlags(services, user))[feature]) throw featureOff(feature);
    });
  });
});
