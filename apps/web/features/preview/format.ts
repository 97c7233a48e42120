import { formatLocated } from '@sprout/core';
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
