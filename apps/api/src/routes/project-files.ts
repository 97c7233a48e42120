import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FILE_LIMITS } from '@sprout/core';
import { authOf } from '../plugins/authenticate';
import { ErrorDto } from '../dto';
import { VersionDto } from '../chat/dto';
import { diffVersion, getProjectFiles, listProjectVersions, restoreVersion, saveProjectFile } from '../chat/project-files';
import type { Services } from '../services';

const id = (what: string) => z.string().regex(/^[a-z0-9]{1,64}$/, { error: `Invalid ${what} id.` });
const sproutParams = z.strictObject({ id: id('project') });
const versionParams = z.strictObject({ id: id('project'), versionId: id('version') });
const errors = { 400: ErrorDto, 401: ErrorDto, 404: ErrorDto };

const FilesDto = z.object({ version: VersionDto, files: z.array(z.object({ path: z.string(), content: z.string(), size: z.number().int() })) }).meta({ id: 'ProjectFiles' });
const FileDiffDto = z.object({
  path: z.string(),
  status: z.enum(['added', 'removed', 'modified']),
  diff: z.string().describe('Unified diff; empty for image modules'),
  additions: z.number().int(),
  deletions: z.number().int(),
});

/** The code and history panels: files of a version, manual edits, versions, restore and diffs. */
export const projectFileRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  app.get(
    '/sprouts/:id/files',
    {
      config: { auth: 'user' },
      schema: { tags: ['files'], params: sproutParams, querystring: z.strictObject({ version: id('version').optional() }), response: { 200: FilesDto, ...errors } },
    },
    async (req) => getProjectFiles(s, authOf(req).user.id, req.params.id, req.query.version),
  );

  app.put(
    '/sprouts/:id/files',
    {
      config: { auth: 'user' },
      bodyLimit: FILE_LIMITS.maxFileBytes * 2 + 64 * 1024,
      schema: {
        tags: ['files'],
        params: sproutParams,
        body: z.strictObject({ path: z.string().min(1).max(FILE_LIMITS.maxPathLength), content: z.string().max(FILE_LIMITS.maxFileBytes), baseVersionId: id('version') }),
        response: { 200: z.object({ version: VersionDto }), 409: ErrorDto, ...errors },
      },
    },
    async (req) => ({ version: await saveProjectFile(s, authOf(req).user.id, req.params.id, req.body) }),
  );

  app.get(
    '/sprouts/:id/versions',
    {
      config: { auth: 'user' },
      schema: { tags: ['files'], params: sproutParams, response: { 200: z.object({ currentVersionId: z.string().nullable(), versions: z.array(VersionDto) }), ...errors } },
    },
    async (req) => listProjectVersions(s, authOf(req).user.id, req.params.id),
  );

  app.post(
    '/sprouts/:id/versions/:versionId/restore',
    { config: { auth: 'user' }, schema: { tags: ['files'], params: versionParams, response: { 201: z.object({ version: VersionDto }), 409: ErrorDto, ...errors } } },
    async (req, reply) => reply.status(201).send({ version: await restoreVersion(s, authOf(req).user.id, req.params.id, req.params.versionId) }),
  );

  app.get(
    '/sprouts/:id/versions/:versionId/diff',
    {
      config: { auth: 'user' },
      schema: { tags: ['files'], params: versionParams, response: { 200: z.object({ version: VersionDto, parentId: z.string().nullable(), files: z.array(FileDiffDto) }), ...errors } },
    },
    async (req) => diffVersion(s, authOf(req).user.id, req.params.id, req.params.versionId),
  );
};
