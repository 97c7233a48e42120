import { getVersion, type Db } from '@sprout/db';

/** The project is as it was created: no version after its first (a plan for its first build, which offers design directions). */
export async function isNewProject(db: Db, sproutId: string, baseVersionId: string | null): Promise<boolean> {
  if (!baseVersionId) return true;
  const base = await getVersion(db, sproutId, baseVersionId);
  return !base || base.number === 1;
}
