import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appDataLimits } from '@sprout/core';
import { ENDPOINTS } from '@sprout/core/contract';
import { authOf } from '../plugins/authenticate';
import { registerEndpoint } from '../plugins/endpoint';
import { ownedSprout } from '../plugins/ownership';
import type { Services } from '../services';
import { dataOverview, listDatasetUsers, removeDatasetUser, resetTestData } from './dataset';
import { listDocuments, removeDocument, replaceDocument } from './documents';
import { exportData } from './export';

const owner = { config: { auth: 'user', owns: 'sprout' } } as const;

/** The Data panel: the owner's view of their app's backend, per dataset (test: the preview's, live: the published app's). */
export const dataPanelRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  registerEndpoint(app, ENDPOINTS.appData, owner, async (req) => dataOverview(s, authOf(req).user.tier, ownedSprout(req), req.params.dataset));

  registerEndpoint(app, ENDPOINTS.appDocuments, owner, async (req) => listDocuments(s, ownedSprout(req), req.params.dataset, req.params.name, req.query));

  registerEndpoint(app, ENDPOINTS.saveAppDocument, owner, async (req) => {
    const { dataset, name, docId } = req.params;
    return replaceDocument(s, ownedSprout(req), appDataLimits(authOf(req).user.tier), { dataset, collection: name, id: docId }, req.body.data);
  });

  registerEndpoint(app, ENDPOINTS.deleteAppDocument, owner, async (req) => {
    const { dataset, name, docId } = req.params;
    await removeDocument(s, ownedSprout(req), { dataset, collection: name, id: docId });
  });

  registerEndpoint(app, ENDPOINTS.exportAppData, owner, async (req, reply) => {
    const file = await exportData(s, ownedSprout(req), req.params.dataset, req.query);
    return reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.body);
  });

  // Only the test data: live data is the published app's, and its visitors'.
  registerEndpoint(app, ENDPOINTS.resetTestData, owner, async (req) => {
    await resetTestData(s, ownedSprout(req));
  });

  registerEndpoint(app, ENDPOINTS.appUsers, owner, async (req) => listDatasetUsers(s, ownedSprout(req), req.params.dataset));

  registerEndpoint(app, ENDPOINTS.deleteAppUser, owner, async (req) => {
    await removeDatasetUser(s, ownedSprout(req), req.params.dataset, req.params.userId);
  });
};
