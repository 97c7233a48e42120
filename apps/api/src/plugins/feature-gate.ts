import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { FlagKey } from '@sprout/core';
import type { UserWithTier } from '@sprout/db';
import { AppError } from '../errors';
import type { Services } from '../services';
import { authOf } from './authenticate';
import { addRoutePreHandler } from './route-hooks';

/** The switches a route may be gated by (`config: { feature }`); aiModelOverride is a value, not a gate. */
export type FeatureFlag = Exclude<FlagKey, 'aiModelOverride'>;

/** Whether a feature is on for a person (given by the app: flags/run-flags.ts `featureOn`). */
export type FeatureCheck = (s: Services, user: UserWithTier, feature: FeatureFlag) => Promise<boolean>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The feature flag that must be on for the caller (`config: { auth: 'user', feature: 'enableDiffView' }`). */
    feature?: FeatureFlag;
  }
}

/** What a person is told when a route's feature is off for them. */
const FEATURE_OFF: Record<FeatureFlag, string> = {
  showMachineLogs: 'Machine logs are not enabled for your account.',
  exampleFlag: 'This feature is not enabled for your account.',
  enableImageUploads: 'Image uploads are not enabled for your account.',
  enableDiffView: 'Comparing versions is not enabled for your account.',
  enableCondensedContext: 'Condensed context is not enabled for your account.',
  enablePartialFileReplacement: 'Partial file edits are not enabled for your account.',
};

const featureOff = (feature: FeatureFlag) => new AppError(403, 'feature_disabled', FEATURE_OFF[feature]);

/**
 * Refuses a route whose declared feature is off for the caller (after authentication and ownership,
 * so someone else's record still answers 404 first).
 */
export const featureGate = fp(async (app: FastifyInstance, { services, isOn }: { services: Services; isOn: FeatureCheck }) => {
  app.addHook('onRoute', (route) => {
    const feature = route.config?.feature;
    if (!feature) return;
    addRoutePreHandler(route, async (request) => {
      if (!(await isOn(services, authOf(request).user, feature))) throw featureOff(feature);
    });
  });
});
