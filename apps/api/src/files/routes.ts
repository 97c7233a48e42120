import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FILE_LIMITS } from '@sprout/core';
import {
  idParams,
  ErrorBody,
  ProjectFiles,
  ProjectFilesQuery,
  SaveFileBody,
  VersionAnswer,
  VersionDiff,
  VersionList,
  VersionParams,
} from '@sprout/core/contract';
import { errorResponses } from '../dto';
import { diffVersion, getProjectFiles, listProjectVersions, restoreVersion, saveProjectFile } from './project-files';
import type { Services } from '../services';
import { ownedSprout, ownedVersion } from '../plugins/ownership';

const errors = errorResponses;
const sproutParams = idParams('project');

/** The code and history panels: files of a version, manual edits, versions, restore and diffs. */
export const fileRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  app.get(
    '/sprouts/:id/files',
    {
      config: { auth: 'user', owns: 'sprout' },
      schema: {
        tags: ['files'],
        params: sproutParams,
        querystring: ProjectFilesQuery,
        response: { 200: ProjectFiles, ...errors },
      },
    },
    async (req) => getProjectFiles(s, ownedSprout(req), req.query.version),
  );

  app.put(
    '/sprouts/:id/files',
    {
      config: { auth: 'user', owns: 'sprout' },
      bodyLimit: FILE_LIMITS.maxFileBytes * 2 + 64 * 1024,
      schema: {
        tags: ['files'],
        params: sproutParams,
        body: SaveFileBody,
        response: { 200: VersionAnswer, 409: ErrorBody, ...errors },
      },
    },
    async (req) => ({ version: await saveProjectFile(s, ownedSprout(req), req.body) }),
  );

  app.get(
    '/sprouts/:id/versions',
    {
      config: { auth: 'user', owns: 'sprout' },
      schema: {
        tags: ['files'],
        params: sproutParams,
        response: { 200: VersionList, ...errors },
      },
    },
    async (req) => listProjectVersions(s, ownedSprout(req)),
  );

  app.post(
    '/sprouts/:id/versions/:versionId/restore',
    {
      config: { auth: 'user', owns: 'version' },
      schema: { tags: ['files'], params: VersionParams, response: { 201: VersionAnswer, 409: ErrorBody, ...errors } },
    },
    async (req, reply) => reply.status(201).send({ version: await restoreVersion(s, ownedSprout(req), ownedVersion(req).version) }),
  );

  app.get(
    '/sprouts/:id/versions/:versionId/diff',
    {
      config: { auth: 'user', owns: 'version', feature: 'enableDiffView' },
      schema: {
        tags: ['files'],
        params: VersionParams,
        response: { 200: VersionDiff, ...errors },
      },
    },
    async (req) => diffVersion(s, ownedVersion(req).version),
  );
};
