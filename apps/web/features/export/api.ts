import type { Sprout } from '@sprout/core/contract';
import { slugBase } from '@sprout/core';
import { exportSprout } from '@sprout/core/routes';
import type { ApiClient } from '@/lib/api/client';
import { download } from '@/lib/api/download';

/**
 * The zip's file name: the API names the export (and its root folder) after the project's published
 * address when it has one, else after its name. The browser cannot read Content-Disposition across
 * origins (it is not an exposed header), so the same name is worked out here.
 */
export function exportFileName(sprout: { displayName: string; publicUrl: string | null }): string {
  if (sprout.publicUrl) {
    try {
      const label = new URL(sprout.publicUrl).hostname.split('.')[0];
      if (label && /^[a-z0-9-]+$/.test(label)) return `${label}.zip`;
    } catch {
      // fall back to the name
    }
  }
  return `${slugBase(sprout.displayName)}.zip`;
}

/**
 * The export (the project as a standalone Vite project in a zip) with the bearer token (a plain link
 * cannot send it), handed to the browser as `{name}.zip`. Resolves to the file's name, or to why the server refused; a network failure throws.
 */
export function downloadExport(api: ApiClient, sprout: Sprout): Promise<{ name: string } | { refused: string }> {
  return download(api, exportSprout, { params: { id: sprout.id } }, exportFileName(sprout));
}
