import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FILE_LIMITS } from '@sprout/core';
import { ENDPOINTS } from '@sprout/core/contract';
import { authOf } from '../plugins/authenticate';
import { registerEndpoint } from '../plugins/endpoint';
import { checkProjectFile } from './check-file';
import { diffVersion, getProjectFiles, saveProjectFile } from './project-files';
import { restoreVersion } from './restore-version';
import { listProjectVersions } from './version-list';
import type { Services } from '../services';
import { ownedSprout, ownedVersion } from '../plugins/ownership';

const onProject = { config: { auth: 'user', owns: 'sprout' } } as const;
const onVersion = { config: { auth: 'user', owns: 'version' } } as const;

/** The code and history panels: files of a version, manual edits, versions, restore and diffs. */
export const fileRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  registerEndpoint(app, ENDPOINTS.projectFiles, onProject, async (req) => getProjectFiles(s, ownedSprout(req), req.query.version));

  // One file at its largest, JSON-escaped (up to twice its size), and the rest of the body.
  registerEndpoint(app, ENDPOINTS.saveFile, { ...onProject, route: { bodyLimit: FILE_LIMITS.maxFileBytes * 2 + 64 * 1024 } }, async (req) => ({
    version: await saveProjectFile(s, ownedSprout(req), req.body),
  }));

  registerEndpoint(app, ENDPOINTS.checkFile, { ...onProject, route: { bodyLimit: FILE_LIMITS.maxFileBytes * 2 + 64 * 1024 } }, async (req) =>
    checkProjectFile(s, authOf(req).user.id, ownedSprout(req), req.body),
  );

  registerEndpoint(app, ENDPOINTS.versions, onProject, async (req) => listProjectVersions(s, ownedSprout(req)));

  registerEndpoint(app, ENDPOINTS.restoreVersion, onVersion, async (req) =>
    restoreVersion(s, ownedSprout(req), ownedVersion(req).version, req.body?.withData ?? false),
  );

  registerEndpoint(app, ENDPOINTS.versionDiff, { config: { ...onVersion.config, feature: 'enableDiffView' } }, async (req) =>
    diffVersion(s, ownedVersion(req).version),
  );
};
