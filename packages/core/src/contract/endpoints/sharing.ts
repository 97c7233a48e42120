import { idParams } from '../common';
import { SharedCard, SharedProject, ShareBody, Sprout } from '../sprouts';
import { endpoint } from '../endpoint';

const sproutParams = idParams('project');

/** Share links: the owner turns sharing on or off; any signed-in person sees and remixes a shared project; anyone sees its name and picture. */
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
  // Signed out too (the sign-up page of a share link shows them); not_found as above.
  sharedCard: endpoint('sharedCard', { tag: 'sharing', params: sproutParams, reply: { status: 200, schema: SharedCard }, errors: [] }),
  sharedPicture: endpoint('sharedPicture', {
    tag: 'sharing',
    description: 'A JPEG picture of the shared project (its newest version the render check pictured).',
    params: sproutParams,
    reply: { status: 200, kind: 'file', types: ['image/jpeg'] },
    errors: [],
  }),
} as const;
