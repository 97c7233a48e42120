import { createUser, insertSprout, createVersion, type Db } from '@sprout/db';
import { insertRun } from '@sprout/db';
import { newId } from '@sprout/db';

/** A user, a project with one version, and a running run of it, straight in the database. */
export async function seedRun(db: Db, opts: { files?: { path: string; content: string }[]; userId?: string } = {}) {
  const user = opts.userId ? { id: opts.userId } : await createUser(db, { email: `${newId(8)}@example.com`, passwordHash: 'x', displayName: 'Tester' });
  const sprout = await insertSprout(db, { ownerId: user.id, displayName: 'Test' });
  const version = await db.transaction((tx) =>
    createVersion(tx, {
      sproutId: sprout.id,
      source: 'create',
      files: opts.files ?? [{ path: 'client/src/App.tsx', content: 'export default () => null;\n' }],
    }),
  );
  const run = await insertRun(db, { id: newId(), sproutId: sprout.id, userId: user.id, model: 'offline', baseVersionId: version.id });
  return { user, sprout, version, run };
}
