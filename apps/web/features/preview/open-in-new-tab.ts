'use client';
import { toast } from '@/lib/browser/toast';
import { errorText } from '@/lib/api/error-text';
import type { PreviewSession } from '@sprout/core/contract';

/**
 * Opens the preview in a new tab with a fresh session link. The tab is opened at once (inside the
 * click, so no popup blocker objects), cut off from this page (no `opener`), then sent to the link
 * when it arrives.
 */
export async function openPreviewInNewTab(request: () => Promise<PreviewSession>): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) {
    tab.opener = null;
    try {
      tab.document.title = 'Opening preview…';
    } catch {
      // nothing to name
    }
  }
  try {
    const session = await request();
    if (tab && !tab.closed) tab.location.replace(session.url);
    else window.open(session.url, '_blank', 'noopener,noreferrer');
  } catch (err) {
    tab?.close();
    toast.error(`Could not open the preview: ${errorText(err)}`);
  }
}
