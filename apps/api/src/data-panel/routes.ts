import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appDataLimits } from '@sprout/core';
import {
  AppDocument,
  AppUserList,
  AppUserParams,
  CollectionParams,
  DataExportQuery,
  DataOverview,
  DatasetParams,
  DocumentListQuery,
  DocumentPage,
  DocumentParams,
  ErrorBody,
  idParams,
  NoContent,
  PutDocumentBody,
} from '@sprout/core/contract';
import { errorResponses } from '../dto';
import { authOf } from '../plugins/authenticate';
import { ownedSprout } from '../plugins/ownership';
import type { Services } from '../services';
import { dataOverview, listDatasetUsers, removeDatasetUser, resetTestData } from './dataset';
import { listDocuments, removeDocument, replaceDocument } from './documents';
import { exportData } from './export';

const errors = errorResponses;
const owner = { auth: 'user', owns: 'sprout' } as const;
const DataDownload = z.any().describe('application/json or text/csv, as an attachment');

/** The Data panel: the owner's view of their app's backend, per dataset (test: the preview's, live: the published app's). */
export const dataPanelRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  app.get(
    '/sprouts/:id/data/:dataset',
    { config: owner, schema: { tags: ['data'], params: DatasetParams, response: { 200: DataOverview, ...errors } } },
    async (req) => dataOverview(s, authOf(req).user.tier, ownedSprout(req), req.params.dataset),
  );

  app.get(
    '/sprouts/:id/data/:dataset/collections/:name',
    {
      config: owner,
      schema: { tags: ['data'], params: CollectionParams, querystring: DocumentListQuery, response: { 200: DocumentPage, ...errors } },
    },
    async (req) => listDocuments(s, ownedSprout(req), req.params.dataset, req.params.name, req.query),
  );

  app.put(
    '/sprouts/:id/data/:dataset/collections/:name/:docId',
    {
      config: owner,
      schema: {
        tags: ['data'],
        params: DocumentParams,
        body: PutDocumentBody,
        response: { 200: AppDocument, 403: ErrorBody, 409: ErrorBody, ...errors },
      },
    },
    async (req) => {
      const { dataset, name, docId } = req.params;
      return replaceDocument(s, ownedSprout(req), appDataLimits(authOf(req).user.tier), { dataset, collection: name, id: docId }, req.body.data);
    },
  );

  app.delete(
    '/sprouts/:id/data/:dataset/collections/:name/:docId',
    { config: owner, schema: { tags: ['data'], params: DocumentParams, response: { 204: NoContent, ...errors } } },
    async (req, reply) => {
      const { dataset, name, docId } = req.params;
      await removeDocument(s, ownedSprout(req), { dataset, collection: name, id: docId });
      return reply.status(204).send();
    },
  );

  app.get(
    '/sprouts/:id/data/:dataset/export',
    { config: owner, schema: { tags: ['data'], params: DatasetParams, querystring: DataExportQuery, response: { 200: DataDownload, ...errors } } },
    async (req, reply) => {
      const file = await exportData(s, ownedSprout(req), req.params.dataset, req.query);
      return reply.header('content-type', file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.body);
    },
  );

  // Only the test data: live data is the published app's, and its visitors'.
  app.post(
    '/sprouts/:id/data/test/reset',
    { config: owner, schema: { tags: ['data'], params: idParams('project'), response: { 204: NoContent, ...errors } } },
    async (req, reply) => {
      await resetTestData(s, ownedSprout(req));
      return reply.status(204).send();
    },
  );

  app.get(
    '/sprouts/:id/data/:dataset/users',
    { config: owner, schema: { tags: ['data'], params: DatasetParams, response: { 200: AppUserList, ...errors } } },
    async (req) => listDatasetUsers(s, ownedSprout(req), req.params.dataset),
  );

  app.delete(
    '/sprouts/:id/data/:dataset/users/:userId',
    { config: owner, schema: { tags: ['data'], params: AppUserParams, response: { 204: NoContent, ...errors } } },
    async (req, reply) => {
      await removeDatasetUser(s, ownedSprout(req), req.params.dataset, req.params.userId);
      return reply.status(204).send();
    },
  );
};
