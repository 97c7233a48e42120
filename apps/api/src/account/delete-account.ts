import type { AccountDeleted } from '@sprout/core/contract';
import { deleteAccountData, getActiveRun, listSproutsForOwner, type UserWithTier } from '@sprout/db';
import { notFound } from '../errors';
import { cancelForDeletion } from '../billing/cancel-on-deletion';
import type { Services } from '../services';
import { checkCurrentPassword } from './password-check';
import { endEverySession } from './credentials';

/**
 * DELETE /v1/me: the account and everything in it, for good, once the password is confirmed. The
 * subscription is cancelled first (if that fails nothing is deleted), every session ends (no other
 * device acts meanwhile), replies being written are stopped, then one transaction unpublishes the
 * apps and removes the data (`deleteAccountData`). Exports are offered by the web app beforehand.
 */
export async function deleteAccount(s: Services, user: UserWithTier, password: string): Promise<AccountDeleted> {
  await checkCurrentPassword(s, user, password, 'password');
  const subscription = await cancelForDeletion(s, user.id);
  await endEverySession(s, user.id);
  await stopRunsOf(s, user.id);
  const result = await deleteAccountData(s.db, user.id, { actorId: user.id, details: { subscription } });
  if (!result) throw notFound('This account no longer exists.');
  // The rows of their app files and uploads went in that transaction; the bytes leave the file store now.
  s.files.sweepSoon();
  s.log.info({ userId: user.id, event: 'account_deleted', projects: result.projects, publishedApps: result.publishedApps, subscription }, 'account deleted');
  return { deleted: true, projects: result.projects, publishedApps: result.publishedApps, subscription };
}

async function stopRunsOf(s: Services, userId: string): Promise<void> {
  for (const sprout of await listSproutsForOwner(s.db, userId)) {
    const run = await getActiveRun(s.db, sprout.id);
    if (!run) continue;
    await s.engine.runs.stop(run);
    await s.engine.runs.settled(run.id);
  }
}
