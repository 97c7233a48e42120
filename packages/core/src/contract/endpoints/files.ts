import { UPLOAD_IMAGE_TYPES } from '../../projects/uploads';
import { Upload, UploadQuery } from '../chat';
import { idParams } from '../common';
import {
  FileCheck,
  ProjectFiles,
  ProjectFilesQuery,
  RestoreAnswer,
  RestoreVersionBody,
  SaveFileBody,
  VersionAnswer,
  VersionDiff,
  VersionList,
  VersionParams,
} from '../files';
import { endpoint } from '../endpoint';

const sproutParams = idParams('project');

/** The code and history panels (a version's files, manual edits, versions, restore, diffs) and images for chat messages. */
export const FILE_ENDPOINTS = {
  projectFiles: endpoint('projectFiles', {
    tag: 'files',
    params: sproutParams,
    query: ProjectFilesQuery,
    reply: { status: 200, schema: ProjectFiles },
    errors: ['version_not_found'],
  }),
  saveFile: endpoint('saveFile', {
    tag: 'files',
    params: sproutParams,
    body: SaveFileBody,
    reply: { status: 200, schema: VersionAnswer },
    errors: [
      'invalid_path',
      'file_too_large',
      'invalid_package_json',
      'path_conflict',
      'too_many_files',
      'version_not_found',
      // The project moved on from baseVersionId, or a reply is being written that would overwrite the edit.
      'version_conflict',
      'run_active',
    ],
  }),
  checkFile: endpoint('checkFile', {
    tag: 'files',
    description: "Runs a run's checks (build, imports, data rules; types as warnings) on the project with this file edited, without saving it.",
    params: sproutParams,
    body: SaveFileBody,
    reply: { status: 200, schema: FileCheck },
    errors: ['invalid_path', 'file_too_large', 'invalid_package_json', 'path_conflict', 'too_many_files', 'version_not_found'],
  }),
  versions: endpoint('versions', { tag: 'files', params: sproutParams, reply: { status: 200, schema: VersionList }, errors: [] }),
  restoreVersion: endpoint('restoreVersion', {
    tag: 'files',
    description: 'Makes a new version with the files of this one (newer versions stay); with `withData`, the test data comes back too.',
    params: VersionParams,
    // No body: the files only.
    body: RestoreVersionBody.nullish(),
    reply: { status: 201, schema: RestoreAnswer },
    // version_data_gone: the version's test data is no longer kept; nothing was changed.
    errors: ['version_not_found', 'run_active', 'version_data_gone'],
  }),
  versionDiff: endpoint('versionDiff', {
    tag: 'files',
    params: VersionParams,
    reply: { status: 200, schema: VersionDiff },
    errors: ['version_not_found', 'feature_disabled'],
  }),
  // The body is the image itself, not JSON: its type is sniffed from the bytes, so it declares no schema.
  upload: endpoint('upload', {
    tag: 'uploads',
    description: 'Body: the image bytes (png, jpeg, webp or gif, at most 5 MB) with any content type, e.g. the File from an <input>.',
    query: UploadQuery,
    reply: { status: 201, schema: Upload },
    errors: ['feature_disabled', 'invalid_image', 'unsupported_image'],
  }),
  uploaded: endpoint('uploaded', {
    tag: 'uploads',
    description: 'The image bytes, with the content type sniffed from them at upload.',
    params: idParams('upload'),
    reply: { status: 200, kind: 'file', types: UPLOAD_IMAGE_TYPES },
    errors: [],
  }),
} as const;
