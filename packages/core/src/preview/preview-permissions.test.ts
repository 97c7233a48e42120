import { describe, expect, it } from 'vitest';
import { describePermissions, isPreviewPermissionRequest, previewAllow } from './preview-permissions';

const origin = 'http://p1.preview.localhost:3001';

describe('previewAllow', () => {
  it('delegates nothing powerful until granted', () => {
    const none = previewAllow([]);
    for (const p of ['camera', 'microphone', 'geolocation', 'clipboard-read']) expect(none).not.toContain(p);
    expect(none).toContain('clipboard-write');
  });

  it('adds exactly what was granted, in a stable order', () => {
    expect(previewAllow(['microphone', 'camera'])).toBe('clipboard-write; fullscreen; web-share; autoplay; camera; microphone');
  });
});

describe('isPreviewPermissionRequest', () => {
  const ok = { source: 'sprout-preview-permission', permissions: ['camera'] };

  it('accepts a well-formed request from the preview origin', () => {
    expect(isPreviewPermissionRequest({ origin, data: ok }, origin)).toBe(true);
  });

  it('refuses other origins, unknown features and malformed data', () => {
    expect(isPreviewPermissionRequest({ origin: 'http://evil.test', data: ok }, origin)).toBe(false);
    expect(isPreviewPermissionRequest({ origin: 'null', data: ok }, 'null')).toBe(false);
    for (const permissions of [[], ['usb'], 'camera', ['camera', 'camera', 'camera', 'camera', 'camera'], [{}]]) {
      expect(isPreviewPermissionRequest({ origin, data: { ...ok, permissions } }, origin), JSON.stringify(permissions)).toBe(false);
    }
    expect(isPreviewPermissionRequest({ origin, data: null }, origin)).toBe(false);
  });
});

describe('describePermissions', () => {
  it('names the features in words', () => {
    expect(describePermissions(['geolocation'])).toBe('your location');
    expect(describePermissions(['microphone', 'camera'])).toBe('your camera and your microphone');
  });
});
