import { slugBase, validateProjectPath } from '@sprout/core';
import { getVersionFiles, type SproutRow } from '@sprout/db';
import { createZip, importedPackages } from '@sprout/preview';
import { exportProjectFiles } from '@sprout/template';
import { AppError } from '../errors';
import type { Services } from '../services';

/**
 * The current version as a standalone Vite project in a zip, every entry under one folder named
 * after the app. Paths are checked again here: whatever is stored, nothing may unpack outside it.
 */
export async function exportSprout(s: Services, sprout: SproutRow): Promise<{ fileName: string; zip: Buffer }> {
  if (!sprout.currentVersionId) throw new AppError(409, 'no_version', 'This project has no files to export yet.');
  const stored = await getVersionFiles(s.db, sprout.currentVersionId);
  const name = sprout.slug ?? slugBase(sprout.displayName);
  const files = exportProjectFiles(
    stored.map((f) => ({ name: f.path, content: f.content })),
    importedPackages(stored),
    name,
    // A published app's export talks to that app's backend (its data); the person can point it elsewhere in .env.
    { backendUrl: sprout.publicUrl ?? undefined, title: sprout.displayName },
  );
  for (const file of files) {
    const check = validateProjectPath(file.name);
    if (!check.ok) throw new AppError(422, 'invalid_file_path', `Cannot export ${JSON.stringify(file.name)}: ${check.reason}.`);
  }
  const zip = createZip(files.map((f) => ({ name: `${name}/${f.name}`, data: f.content })));
  return { fileName: `${name}.zip`, zip };
}
