import { isPremiumTier } from '@sprout/core';
import { getCheckoutSession, getRunForOwner, getSproutForOwner, getUploadForOwner, getVersion, listAccessTokens, type SproutRow } from '@sprout/db';
import { assertTestMode } from './billing/test-checkout';
import { AppError, notFound } from './errors';
import type { OwnedLoaders } from './plugins/ownership';
import type { Services } from './services';

const projectNotFound = () => notFound('Project not found.');

async function sproutOf(s: Services, userId: string, id: string | undefined): Promise<SproutRow> {
  return (id && (await getSproutForOwner(s.db, id, userId))) || Promise.reject(projectNotFound());
}

/**
 * What each `owns:` declaration loads for the caller (plugins/ownership.ts runs it before the
 * handler). Someone else's record answers exactly like a missing one (404), so ids reveal nothing.
 */
export const OWNED_RECORDS: OwnedLoaders = {
  sprout: async (s, userId, { id }) => ({ sprout: await sproutOf(s, userId, id) }),
  version: async (s, userId, { id, versionId }) => {
    const sprout = await sproutOf(s, userId, id);
    const version = versionId ? await getVersion(s.db, sprout.id, versionId) : null;
    if (!version) throw new AppError(404, 'version_not_found', 'This version does not exist.');
    return { sprout, version };
  },
  run: async (s, userId, { id }) => {
    const run = id ? await getRunForOwner(s.db, id, userId) : null;
    if (!run) throw notFound('Run not found.');
    return { run };
  },
  upload: async (s, userId, { id }) => {
    const upload = id ? await getUploadForOwner(s.db, id, userId) : null;
    if (!upload) throw new AppError(404, 'not_found', 'Image not found.');
    return { upload };
  },
  checkout: async (s, userId, { id }) => {
    assertTestMode(s);
    const checkout = id ? await getCheckoutSession(s.db, id) : null;
    if (!checkout || checkout.userId !== userId || !isPremiumTier(checkout.tierType)) throw notFound('This checkout does not exist or has ended.');
    return { checkout };
  },
  'access-token': async (s, userId, { id }) => {
    const accessToken = (await listAccessTokens(s.db, userId)).find((t) => t.id === id);
    if (!accessToken) throw notFound('Access token not found.');
    return { accessToken };
  },
  'target-sprout': async (s, userId, { sproutId }) => (sproutId ? { sprout: await sproutOf(s, userId, sproutId) } : {}),
};
