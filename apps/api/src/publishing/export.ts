import { validateProjectPath } from '@sprout/core';
import { getVersionFiles } from '@sprout/db';
import { createZip, importedPackages } from '@sprout/preview';
import { exportProjectFiles } from '@sprout/template';
import { AppError } from '../errors';
import type { Services } from '../services';
import { getSprout } from '../sprouts';
import { slugBase } from './slugs';

/**
 * The current version as a standalone Vite project in a zip, every entry under one folder named
 * after the app. Paths are checked again here: whatever is stored, nothing may unpack outside it.
 */
export async function exportSprout(s: Services, ownerId: string, sproutId: string): Promise<{ fileName: string; zip: Buffer }> {
  const sprout = await getSprout(s, ownerId, sproutId);
  if (!sprout.currentVersionId) throw new AppError(409, 'no_version', 'This project has no files to export yet.');
  const stored = await getVersionFiles(s.db, sprout.currentVersionId);
  const name = sprout.slug ?? slugBase(sprout.displayName);
  const files = exportProjectFiles(
    stored.map((f) => ({ name: f.path, content: f.content })),
    importedPackages(stored),
    name,
  );
  for (const file of files) {
    const check = validateProjectPath(file.name);
    if (!check.ok) throw new AppError(422, 'invalid_file_path', `Cannot export ${JSON.stringify(file.name)}: ${check.reason}.`);
  }
  const zip = createZip(files.map((f) => ({ name: `${name}/${f.name}`, data: f.content })));
  return { fileName: `${name}.zip`, zip };
}
