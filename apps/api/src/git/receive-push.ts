import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services';
import type { HookAnswer, HookRequest } from './push-hook';
import { isAncestor, versionsFromCommits } from './incoming-commits';
import { PushRefused } from './pushed-commits';

const ZERO = '0'.repeat(40);
const MOVED = 'The project changed in Sprout since you last pulled. Run "git pull --rebase", then push again.';

/** The environment git's plumbing needs to read a push's objects before they are accepted: only folders inside the repository. */
function quarantineEnv(dir: string, request: HookRequest): Record<string, string> {
  const inside = (p: string) => {
    const resolved = path.resolve(p);
    if (resolved !== dir && !resolved.startsWith(dir + path.sep)) throw new PushRefused('Pushes are taken only through Sprout.');
    return resolved;
  };
  const env: Record<string, string> = { GIT_DIR: dir };
  if (request.objectDirectory) env.GIT_OBJECT_DIRECTORY = inside(request.objectDirectory);
  if (request.alternates) env.GIT_ALTERNATE_OBJECT_DIRECTORIES = request.alternates.split(':').map(inside).join(':');
  if (request.quarantine) env.GIT_QUARANTINE_PATH = inside(request.quarantine);
  return env;
}

/**
 * Decides a push to the project's repository `dir` before git accepts it: only `main`, only on top
 * of the current version's commit, every commit held to a manual edit's rules. Accepted, each pushed
 * commit becomes a version (with its commit recorded, so the repository serves it unchanged), all
 * or none, in the same transaction that checks the project did not move meanwhile (incoming-commits.ts,
 * shared with a pull from a remote).
 */
export async function decidePush(s: Services, log: FastifyBaseLogger, sproutId: string, dir: string, request: HookRequest): Promise<HookAnswer> {
  try {
    const env = quarantineEnv(dir, request);
    if (request.updates.some((u) => u.ref !== 'refs/heads/main'))
      throw new PushRefused('Only the main branch can be pushed to Sprout. Push your work to main.');
    const update = request.updates[0];
    if (!update) return { ok: true };
    if (update.newId === ZERO) throw new PushRefused('The main branch cannot be deleted.');
    const oldId = update.oldId === ZERO ? null : update.oldId;
    // Not on top of main: git refuses it itself after this hook (receive.denyNonFastForwards), with its own words.
    if (oldId && !(await isAncestor(dir, env, oldId, update.newId))) return { ok: true };
    const result = await versionsFromCommits(s, { sproutId, dir, env, oldId, newId: update.newId, via: 'push' });
    if (!result.ok && result.reason === 'refused') throw new PushRefused(result.message);
    if (!result.ok && result.reason === 'run_active')
      throw new PushRefused('Sprout is changing this project right now. Wait until it is done, pull, then push again.');
    if (!result.ok && result.reason === 'moved') throw new PushRefused(MOVED);
    if (!result.ok) throw new PushRefused('This project no longer exists.');
    const numbers = result.versions.map((v) => v.number);
    log.info({ sproutId, versions: numbers }, 'a git push made versions');
    return { ok: true, message: numbers.length === 1 ? `Saved as version ${numbers[0]}.` : `Saved as versions ${numbers[0]} to ${numbers.at(-1)}.` };
  } catch (err) {
    if (err instanceof PushRefused) return { ok: false, message: err.message };
    log.error({ err, sproutId }, 'could not check a git push');
    return { ok: false, message: 'Sprout could not check this push. Please try again.' };
  }
}
