import { describe, expect, it } from 'vitest';
import { CHROMIUM_CANDIDATES, pickChromium } from './chromium';

describe('pickChromium', () => {
  it('takes the headless shell when it can run, else the full browser, else names the full browser', () => {
    expect(pickChromium(() => true)).toBe('/usr/bin/chromium-headless-shell');
    expect(pickChromium((p) => p === '/usr/bin/chromium')).toBe('/usr/bin/chromium');
    expect(pickChromium(() => false)).toBe('/usr/bin/chromium');
    expect(CHROMIUM_CANDIDATES.at(-1)).toBe('/usr/bin/chromium');
  });
});
