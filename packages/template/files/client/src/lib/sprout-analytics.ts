// The app's own events in its visitor analytics (docs/app-backend.md, "Analytics"). Sprout provides this
// file: apps import `track` from the client (lib/sprout.ts), which hands it the backend's address.
// Page views are counted with nothing to add.

/** The app's `track`, reporting to the backend at `base` (sprout.ts hands in its own). */
export function trackWith(base: string) {
  const url = `${base}/analytics/visit`;
  /**
   * Counts an event of the published app (the preview counts none): a name (letters, digits, spaces and
 * _ . : / -, up to 64) and up to 10 short properties. Never personal data: the Analytics panel shows
 * them to the app's owner. A visitor who asked not to be tracked sends nothing, and a failure never
 * reaches the app.
 */
  return function track(name: string, props?: Record<string, string | number | boolean>): void {
    const privacy = navigator as Navigator & { globalPrivacyControl?: boolean };
    if (privacy.doNotTrack === '1' || privacy.globalPrivacyControl === true) return;
    const body = JSON.stringify({ type: 'event', path: location.pathname.slice(0, 512), name, ...(props ? { props } : {}) });
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body, keepalive: true, credentials: 'same-origin' }).catch(() => undefined);
  };
}
