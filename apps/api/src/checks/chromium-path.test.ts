import { describe, expect, it } from 'vitest';
import { installedChromiums } from '@sprout/testkit/browser';
import { canRun, defaultChromiumPath } from './chromium-path';

describe('defaultChromiumPath', () => {
  it('is the first of Debian’s Chromium builds that can run here', () => {
    expect(canRun('/nonexistent/chromium')).toBe(false);
    expect(canRun(process.execPath)).toBe(true);
    expect(defaultChromiumPath()).toBe(installedChromiums()[0]);
  });
});
