import { describe, expect, it } from 'vitest';
import type { RenderCheckFn, RenderCheckInput } from '../checks/render-check';
import { toolContext } from './context.testing';
import { viewPreview } from './view-preview';

const APP = 'export default function App() {\n  return <h1>Hi</h1>;\n}\n';
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);

describe('view_preview', () => {
  it('says so when the server does not open apps in a browser', async () => {
    const out = await viewPreview.run({}, toolContext({ 'client/src/App.tsx': APP }).ctx);
    expect(out.summary).toBe('No preview: this server does not open apps in a browser');
    expect(out.image).toBeUndefined();
  });

  it('opens the candidate without its behaviour checks: the page’s errors, console and screenshot', async () => {
    const asked: RenderCheckInput[] = [];
    const renderCheck: RenderCheckFn = async (input) => {
      asked.push(input);
      return {
        status: 'failed',
        durationMs: 9,
        thumbnail: JPEG,
        issues: [{ kind: 'error', message: 'TypeError: x is undefined', file: 'client/src/App.tsx', line: 2, column: 10 }],
        console: [
          { type: 'log', text: 'loaded' },
          { type: 'error', text: 'TypeError: x is undefined' },
        ],
      };
    };
    const { ctx } = toolContext({ 'client/src/App.tsx': APP, 'checks/a.json': '{}' }, { renderCheck }, { seesImages: true });
    const out = await viewPreview.run({}, ctx);
    expect(asked[0]).toMatchObject({ sproutId: 'sprout-1', ownerId: 'user-1', checks: [], dataRules: null });
    expect(out.text).toBe(
      [
        'Opened the app in the server’s browser: 1 problem.',
        '- [error] client/src/App.tsx:2:10: TypeError: x is undefined',
        'Console (2):',
        '[log] loaded',
        '[error] TypeError: x is undefined',
        'Screenshot (320×200, a quarter of the page’s size) below.',
      ].join('\n'),
    );
    expect(out.summary).toBe('Viewed the preview: 1 error, 2 console messages');
    expect(out.image).toEqual({ data: JPEG, mediaType: 'image/jpeg' });
    // A model that is not shown pictures is told one was taken.
    const blind = await viewPreview.run({}, toolContext({ 'client/src/App.tsx': APP }, { renderCheck }).ctx);
    expect(blind.text.endsWith('A screenshot was taken (you are not shown images).')).toBe(true);
  });

  it('says when the app does not build or the check could not run', async () => {
    const build = async () => ({
      ok: false as const,
      mode: 'preview' as const,
      errors: [{ file: null, line: null, column: null, message: 'boom' }],
      warnings: [],
      durationMs: 1,
    });
    const renderCheck: RenderCheckFn = async () => {
      throw new Error('no browser');
    };
    expect(await viewPreview.run({}, toolContext({}, { build, renderCheck }).ctx)).toEqual({
      text: 'The app does not build, so it cannot be opened:\n- boom',
      summary: 'Preview: the app does not build',
    });
    expect(await viewPreview.run({}, toolContext({}, { renderCheck }).ctx)).toEqual({
      text: 'The preview could not be opened: the check could not run (no browser)',
      summary: 'Preview: could not be opened',
    });
  });
});
