import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { VISUAL_EDIT_LIMITS } from '@sprout/core';
import { ENDPOINTS } from '@sprout/core/contract';
import { registerEndpoint } from '../plugins/endpoint';
import { ownedSprout } from '../plugins/ownership';
import type { Services } from '../services';
import { describeSelected, makeVisualVersion, undoVisualVersion } from './visual-versions';

const onProject = { config: { auth: 'user', owns: 'sprout' } } as const;

/** Visual edits: changes made by pointing at an element in the preview, with no model call and no charge. */
export const visualEditRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  // An uploaded image travels as base64 (a third larger) beside the edits' text.
  const bodyLimit = Math.ceil((VISUAL_EDIT_LIMITS.maxImageBytes * 4) / 3) + 256 * 1024;
  registerEndpoint(app, ENDPOINTS.visualEdits, { ...onProject, route: { bodyLimit } }, async (req) => makeVisualVersion(s, ownedSprout(req), req.body));

  registerEndpoint(app, ENDPOINTS.describeElement, onProject, async (req) => describeSelected(s, ownedSprout(req), req.query));

  registerEndpoint(app, ENDPOINTS.undoVisualEdit, onProject, async (req) => ({
    version: await undoVisualVersion(s, ownedSprout(req), req.body.versionId),
  }));
};
