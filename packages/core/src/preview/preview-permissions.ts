// Powerful browser features a generated app may ask for. The preview iframe delegates none of them
// until the app asks (its runtime bridge reports the attempt) and the person agrees; the browser then
// asks again, naming the preview's origin.

export const PREVIEW_PERMISSIONS = ['camera', 'microphone', 'geolocation', 'clipboard-read'] as const;
export type PreviewPermission = (typeof PREVIEW_PERMISSIONS)[number];

/** Harmless features every preview gets. */
const ALWAYS = ['clipboard-write', 'fullscreen', 'web-share', 'autoplay'];

/** What the bridge posts when the app tried to use features the frame was not given. */
export interface PreviewPermissionRequest {
  source: 'sprout-preview-permission';
  permissions: PreviewPermission[];
}

const KNOWN = new Set<string>(PREVIEW_PERMISSIONS);

export function isPreviewPermission(value: unknown): value is PreviewPermission {
  return typeof value === 'string' && KNOWN.has(value);
}

/** A well-formed request from the preview at `expectedOrigin`; anything else is ignored. */
export function isPreviewPermissionRequest(
  event: { origin: string; data: unknown },
  expectedOrigin: string,
): event is { origin: string; data: PreviewPermissionRequest } {
  if (event.origin !== expectedOrigin || event.origin === 'null') return false;
  const m = event.data as Record<string, unknown> | null;
  return (
    m !== null &&
    typeof m === 'object' &&
    m.source === 'sprout-preview-permission' &&
    Array.isArray(m.permissions) &&
    m.permissions.length > 0 &&
    m.permissions.length <= PREVIEW_PERMISSIONS.length &&
    m.permissions.every(isPreviewPermission)
  );
}

/** The iframe's `allow` attribute: the harmless features plus those the person granted, in a stable order. */
export function previewAllow(granted: readonly PreviewPermission[]): string {
  return [...ALWAYS, ...PREVIEW_PERMISSIONS.filter((p) => granted.includes(p))].join('; ');
}

const WORDS: Record<PreviewPermission, string> = {
  camera: 'your camera',
  microphone: 'your microphone',
  geolocation: 'your location',
  'clipboard-read': 'what you copied (clipboard)',
};

/** "your camera and your microphone" */
export function describePermissions(permissions: readonly PreviewPermission[]): string {
  const words = PREVIEW_PERMISSIONS.filter((p) => permissions.includes(p)).map((p) => WORDS[p]);
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}
