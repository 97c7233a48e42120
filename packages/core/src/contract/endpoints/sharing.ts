import { idParams } from '../common';
import { SharedProject, ShareBody, Sprout } from '../sprouts';
import { endpoint } from '../endpoint';

const sproutParams = idParams('project');

/** Share links: the owner turns sharing on or off; any signed-in person sees and remixes a shared project. */
export const SHARING_ENDPOINTS = {
  shareSprout: endpoint('shareSprout', { tag: 'sharing', params: sproutParams, body: ShareBody, reply: { status: 200, schema: Sprout }, errors: [] }),
  // A project that is not shared answers not_found, exactly like one that does not exist.
  sharedProject: endpoint('sharedProject', { tag: 'sharing', params: sproutParams, reply: { status: 200, schema: SharedProject }, errors: [] }),
  remixSprout: endpoint('remixSprout', {
    tag: 'sharing',
    params: sproutParams,
    reply: { status: 201, schema: Sprout },
    errors: ['nothing_to_remix', 'project_limit_reached'],
  }),
} as const;
