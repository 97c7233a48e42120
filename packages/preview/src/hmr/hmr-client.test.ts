import { describe, expect, it } from 'vitest';
import { hmrClient } from './hmr-client';

describe('hmrClient', () => {
  it('is bundled once, with React Refresh, under a content name', async () => {
    const first = await hmrClient();
    expect(await hmrClient()).toBe(first);
    expect(first.name).toMatch(/^sprout-hmr\.[a-f0-9]{20}\.js$/);
    const code = new TextDecoder().decode(first.asset.body);
    expect(code).toContain('__REACT_DEVTOOLS_GLOBAL_HOOK__');
    expect(code).toContain('__sproutHmr');
    expect(code).not.toMatch(/\bimport\s*["'{*]/);
  });
});
