import { FILE_LIMITS } from '@sprout/core';

// An attached image enters the project as a TypeScript module whose default export is a data URL:
// project files are text (blobs are text in the database), a module builds the same way in the
// preview, the production bundle and an exported Vite project, and `<img src={photo} />` just works.

export interface AttachedImage {
  uploadId: string;
  mimeType: string;
  data: Uint8Array;
}

const key = (uploadId: string) => `upload-${uploadId.slice(0, 12)}`;
export const assetImportPath = (uploadId: string) => `@/assets/${key(uploadId)}`;
export const assetFilePath = (uploadId: string) => `client/src/assets/${key(uploadId)}.ts`;

/** The module for an image; null when it would exceed the per-file size limit. */
export function assetModule(image: AttachedImage): string | null {
  const text = `export default 'data:${image.mimeType};base64,${Buffer.from(image.data).toString('base64')}';\n`;
  return text.length > FILE_LIMITS.maxFileBytes ? null : text;
}

/** The largest image that fits in a project file (base64 grows by a third). */
export const MAX_ASSET_BYTES = Math.floor(((FILE_LIMITS.maxFileBytes - 100) * 3) / 4);

/**
 * Adds the modules of attached images that the code imports and that are not in the project yet.
 * Returns what was added and the images that were imported but are too large to add.
 */
export function addImportedAssets(files: Map<string, string>, images: AttachedImage[]): { added: string[]; tooLarge: string[] } {
  const added: string[] = [];
  const tooLarge: string[] = [];
  if (images.length === 0) return { added, tooLarge };
  const code = [...files]
    .filter(([p]) => /\.[jt]sx?$/.test(p))
    .map(([, c]) => c)
    .join('\n');
  for (const image of images) {
    const path = assetFilePath(image.uploadId);
    const name = key(image.uploadId);
    if (files.has(path) || !new RegExp(`['"](?:@/assets/|(?:\\.{1,2}/)+(?:[\\w-]+/)*assets/)${name}(?:\\.ts)?['"]`).test(code)) continue;
    const module = assetModule(image);
    if (module === null) tooLarge.push(path);
    else {
      files.set(path, module);
      added.push(path);
    }
  }
  return { added, tooLarge };
}
