import { MAX_IMPORT_ZIP_BYTES } from '@sprout/core';
import type { ImportedProject } from '@sprout/core/contract';

/** Why a chosen file cannot be sent as a project's zip, or null. */
export function zipFileProblem(file: { name: string; size: number }): string | null {
  if (!/\.zip$/i.test(file.name)) return 'Choose a .zip file.';
  if (file.size === 0) return 'This file is empty.';
  if (file.size > MAX_IMPORT_ZIP_BYTES)
    return `The zip is larger than ${MAX_IMPORT_ZIP_BYTES / 1024 / 1024} MB. Leave out node_modules/ and build output, then zip it again.`;
  return null;
}

/** What the dialog says while the import runs. */
export function importingText(kind: 'git' | 'zip'): string {
  return kind === 'git' ? 'Fetching the repository, then building the app…' : 'Unpacking the zip, then building the app…';
}

/** One line on what was left out. */
export function skippedText(skipped: ImportedProject['skipped']): string {
  if (skipped.length === 0) return 'Everything was imported.';
  return skipped.length === 1 ? 'One file or folder was not imported:' : `${skipped.length} files or folders were not imported:`;
}

/** Whether the imported version builds, and what to do when it does not. */
export function buildText(checks: ImportedProject['checks']): string {
  if (checks.builds) return 'It builds in Sprout and is ready in the preview.';
  const first = checks.issues[0];
  const where = first?.file ? `${first.file}: ` : '';
  return `It does not build in Sprout yet${first ? ` (${where}${first.message})` : ''}. Open it and ask in the chat to fix it.`;
}

/** The base64 of a file's bytes (the import takes the zip inside its JSON body), in slices so no argument list grows with the file. */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}
