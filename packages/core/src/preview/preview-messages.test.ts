import { describe, expect, it } from 'vitest';
import {
  isPreviewMessage,
  isPreviewRoute,
  isPreviewScroll,
  isPreviewUpdate,
  previewOrigin,
  previewVersionMessage,
  restoreScrollMessage,
} from './preview-messages';

const origin = 'http://abc.preview.localhost:3001';
const data = { source: 'sprout-preview', type: 'console', level: 'log', message: 'hi', location: null, time: 1 };

describe('isPreviewMessage', () => {
  it('accepts a well-formed message from the expected preview origin', () => {
    expect(isPreviewMessage({ origin, data }, origin)).toBe(true);
    expect(
      isPreviewMessage(
        {
          origin,
          data: { ...data, type: 'error', level: 'error', location: { file: 'client/src/App.tsx', line: 1, column: 2 }, stack: 's', load: 'tag', retold: true },
        },
        origin,
      ),
    ).toBe(true);
  });

  it.each([
    ['another origin', { origin: 'http://evil.preview.localhost:3001', data }],
    ['an opaque origin', { origin: 'null', data }],
    ['another source', { origin, data: { ...data, source: 'x' } }],
    ['an unknown type', { origin, data: { ...data, type: 'eval' } }],
    ['a non-string message', { origin, data: { ...data, message: { toString: (): string => 'x' } } }],
    ['a bad location', { origin, data: { ...data, location: { file: 1 } } }],
    ['a load tag that is not a string', { origin, data: { ...data, load: { toString: (): string => 'x' } } }],
    ['a retold flag that is not true', { origin, data: { ...data, retold: 'yes' } }],
    ['no data', { origin, data: null }],
  ])('refuses %s', (_name, event) => {
    expect(isPreviewMessage(event, origin)).toBe(false);
  });

  it('knows the preview origin of a project', () => {
    expect(previewOrigin('abc', 'preview.localhost:3001')).toBe(origin);
    expect(isPreviewMessage({ origin: 'null', data }, 'null')).toBe(false);
  });
});

describe('scroll messages', () => {
  const o = 'http://abc.preview.localhost:3001';
  const scroll = { source: 'sprout-preview-scroll', path: '/tasks', x: 0, y: 640 };

  it('accepts well-formed reports from the preview origin only', () => {
    expect(isPreviewScroll({ origin: o, data: scroll }, o)).toBe(true);
    expect(isPreviewScroll({ origin: 'http://other.preview.localhost:3001', data: scroll }, o)).toBe(false);
    for (const bad of [
      null,
      'x',
      { ...scroll, y: 'far' },
      { ...scroll, x: Number.NaN },
      { ...scroll, path: 5 },
      { ...scroll, path: '/'.repeat(3000) },
      { ...scroll, source: 'sprout-preview' },
    ]) {
      expect(isPreviewScroll({ origin: o, data: bad }, o)).toBe(false);
    }
  });

  it('builds the restore request the bridge listens for', () => {
    expect(restoreScrollMessage(scroll as never)).toEqual({ source: 'sprout-parent', type: 'restore-scroll', path: '/tasks', x: 0, y: 640 });
  });
});

describe('isPreviewUpdate', () => {
  const update = { source: 'sprout-preview-update', versionId: 'v2', outcome: 'hot', files: ['client/src/App.tsx'], reason: null };

  it('accepts what the hot update client reports, from the preview origin only', () => {
    expect(isPreviewUpdate({ origin, data: update }, origin)).toBe(true);
    expect(isPreviewUpdate({ origin, data: { ...update, outcome: 'reload', files: [], reason: 'client/src/main.tsx is the entry file' } }, origin)).toBe(true);
    expect(isPreviewUpdate({ origin, data: { ...update, outcome: 'current', files: [] } }, origin)).toBe(true);
    expect(isPreviewUpdate({ origin, data: { ...update, outcome: 'unreachable', files: [], reason: 'the new version could not be fetched' } }, origin)).toBe(
      true,
    );
    expect(isPreviewUpdate({ origin: 'http://evil.preview.localhost:3001', data: update }, origin)).toBe(false);
  });

  it.each([
    ['an unknown outcome', { ...update, outcome: 'eval' }],
    ['files that are not strings', { ...update, files: [1] }],
    ['a reason that is not a string', { ...update, reason: {} }],
    ['another source', { ...update, source: 'sprout-preview' }],
  ])('refuses %s', (_name, data) => {
    expect(isPreviewUpdate({ origin, data }, origin)).toBe(false);
  });
});

describe('isPreviewRoute', () => {
  it('accepts a path of the preview origin with its query and hash', () => {
    expect(isPreviewRoute({ origin, data: { source: 'sprout-preview-route', path: '/tasks/12?tab=2#notes' } }, origin)).toBe(true);
  });

  it.each([
    ['another origin', 'http://evil.example', '/x'],
    ['a path to another host', origin, '//evil.example/x'],
    ['a full URL', origin, 'https://evil.example/x'],
    ['a huge path', origin, `/${'x'.repeat(3000)}`],
  ])('refuses %s', (_name, from, path) => {
    expect(isPreviewRoute({ origin: from, data: { source: 'sprout-preview-route', path } }, origin)).toBe(false);
  });

  it('builds the version message the bridge listens for', () => {
    expect(previewVersionMessage('v3')).toEqual({ source: 'sprout-parent', type: 'version', versionId: 'v3' });
    const manifest = { version: 'v3', base: '/_sprout/build/v3/', html: 'h', entries: [], modules: {}, styles: [], packages: [] };
    expect(previewVersionMessage('v3', manifest)).toEqual({ source: 'sprout-parent', type: 'version', versionId: 'v3', manifest });
  });
});
