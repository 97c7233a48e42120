import { DISPLAY_NAME_MAX } from '@sprout/core';
import { createSproutForUser, getSproutById, getThumbnailId, getUserById, getVersionFiles, updateSproutForOwner, type SproutRow } from '@sprout/db';
import { AppError, notFound } from '../errors';
import type { Services } from '../services';
import { projectLimitReached } from './sprouts';

// A project that is not shared looks exactly like one that does not exist.
const notShared = () => notFound('This share link is not active.');

export async function setSharing(s: Services, sprout: SproutRow, enabled: boolean): Promise<SproutRow> {
  const row = await updateSproutForOwner(s.db, sprout.id, sprout.ownerId, { shareEnabled: enabled });
  if (!row) throw notFound('Project not found.');
  return row;
}

async function sharedSprout(s: Services, viewerId: string, id: string): Promise<SproutRow> {
  const row = await getSproutById(s.db, id);
  if (!row || (!row.shareEnabled && row.ownerId !== viewerId)) throw notShared();
  return row;
}

export async function describeShared(s: Services, viewerId: string, id: string) {
  const row = await sharedSprout(s, viewerId, id);
  const owner = await getUserById(s.db, row.ownerId);
  return { id: row.id, displayName: row.displayName, ownerDisplayName: owner?.displayName ?? 'A Sprout user', isOwner: row.ownerId === viewerId };
}

/** A project anyone may see through its link: shared, whoever asks (the owner's own unshared project too answers 404 here). */
async function publiclyShared(s: Services, id: string): Promise<SproutRow> {
  const row = await getSproutById(s.db, id);
  if (!row?.shareEnabled) throw notShared();
  return row;
}

/** What a share link tells anyone, signed out too: the project's name and whether it has a picture. */
export async function sharedCardOf(s: Services, id: string) {
  const row = await publiclyShared(s, id);
  return { id: row.id, displayName: row.displayName, hasPicture: (await getThumbnailId(s.db, row.id)) !== null };
}

/** The shared project's picture (its thumbnail), for anyone holding the link. */
export async function sharedPictureOf(s: Services, id: string): Promise<Uint8Array> {
  const row = await publiclyShared(s, id);
  const shotId = await getThumbnailId(s.db, row.id);
  const image = shotId === null ? null : await s.screenshots.read(row.id, shotId);
  if (!image) throw notFound('This project has no picture yet.');
  return image;
}

/** Copies the shared project's current version into the viewer's account (subject to their project limit). */
export async function remix(s: Services, viewerId: string, id: string): Promise<SproutRow> {
  const source = await sharedSprout(s, viewerId, id);
  if (!source.currentVersionId) throw new AppError(409, 'nothing_to_remix', 'This project has no saved version yet.');
  const files = await getVersionFiles(s.db, source.currentVersionId);
  const suffix = ' (remix)';
  const result = await createSproutForUser(s.db, {
    ownerId: viewerId,
    displayName: source.displayName.slice(0, DISPLAY_NAME_MAX - suffix.length) + suffix,
    files,
    source: 'remix',
    summary: `Remixed from ${source.displayName}`,
  });
  if (result.ok) return result.sprout;
  throw projectLimitReached(result.stats);
}
