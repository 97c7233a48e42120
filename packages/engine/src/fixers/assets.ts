import { FILE_LIMITS } from '@sprout/core';
import { moduleReferences } from '../syntax/module-references';
import { parseModule } from '../syntax/parse-module';

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
function assetModule(image: AttachedImage): string | null {
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
  const imported = new Set<string>();
  for (const [from, content] of files) {
    const tree = /\.[jt]sx?$/.test(from) ? parseModule(from, content) : null;
    for (const ref of tree ? moduleReferences(tree) : []) {
      const file = /(?:^@\/|^\.{1,2}\/(?:.*\/)?)assets\/(upload-[\w-]+?)(?:\.ts)?$/.exec(ref.source);
      if (file) imported.add(file[1]!);
    }
  }
  for (const image of images) {
    const path = assetFilePath(image.uploadId);
    if (files.has(path) || !imported.has(key(image.uploadId))) continue;
    const module = assetModule(image);
    if (module === null) tooLarge.push(path);
    else {
      files.set(path, module);
      added.push(path);
    }
  }
  return { added, tooLarge };
}
