import { formatLocated, slugBase } from '@sprout/core';
import type { BuildMessage } from '@sprout/core/contract';

/** Build errors as plain text for the clipboard (and for pasting into the chat). */
export function buildErrorsText(errors: readonly BuildMessage[]): string {
  return errors
    .map((e) => {
      const snippet = e.lineText?.trim() ? `\n    ${e.lineText.trim()}` : '';
      return `${formatLocated(e)}${snippet}`;
    })
    .join('\n\n');
}

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

/** Reads a file name from a Content-Disposition header when the browser lets us see it. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      // fall through
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1]!.trim() : null;
}
