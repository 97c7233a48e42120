import { idParams } from '../common';
import { CreateSproutBody, PatchSproutBody, Sprout, SproutList } from '../sprouts';
import { endpoint } from '../endpoint';

const sproutParams = idParams('project');

/** The person's projects: list, create, read, change, delete. */
export const PROJECT_ENDPOINTS = {
  listSprouts: endpoint('listSprouts', { tag: 'sprouts', reply: { status: 200, schema: SproutList }, errors: [] }),
  createSprout: endpoint('createSprout', {
    tag: 'sprouts',
    // No body at all is a project with the starter files and a default name.
    body: CreateSproutBody.nullish(),
    reply: { status: 201, schema: Sprout },
    errors: ['invalid_files', 'project_limit_reached'],
  }),
  getSprout: endpoint('getSprout', { tag: 'sprouts', params: sproutParams, reply: { status: 200, schema: Sprout }, errors: [] }),
  patchSprout: endpoint('patchSprout', {
    tag: 'sprouts',
    params: sproutParams,
    body: PatchSproutBody.nullish(),
    reply: { status: 200, schema: Sprout },
    // Turning publishing back on goes through the publishing rules.
    errors: ['deployment_limit_reached', 'not_published'],
  }),
  deleteSprout: endpoint('deleteSprout', { tag: 'sprouts', params: sproutParams, reply: { status: 204, kind: 'empty' }, errors: [] }),
} as const;
