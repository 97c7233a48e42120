import { beforeEach, vi } from 'vitest';
import { browserStepsSince, formatBrowserSteps } from './browser-steps';
import { scaledTimeout } from './timeouts';

// Setup file of the projects whose tests drive Chromium (vitest.config.ts `setupFiles`).
//
// Time limits: the config scales them with the load when the run starts, but a browser suite runs
// for ten minutes and its load changes; Playwright's own limits scale when a context is made. A
// test limit that grew less than its steps' limits ends the test before the hanging step can say
// what it waited for. Each file scales its limits again when it starts (setup files run before
// the file is collected, which is when a test takes its limit).
const base = Number(process.env.SPROUT_BROWSER_TEST_TIMEOUT);
if (Number.isFinite(base) && base > 0) {
  vi.setConfig({ testTimeout: scaledTimeout(base), hookTimeout: scaledTimeout(Number(process.env.SPROUT_BROWSER_HOOK_TIMEOUT) || base) });
}

// A failed test (a timeout included, which no step reports) prints what the browser did, slow steps
// and the one still waiting last.
beforeEach(({ onTestFailed }) => {
  const since = Date.now();
  onTestFailed(() => {
    const steps = browserStepsSince(since);
    if (steps.length) console.error(`Browser steps of the failed test (slow ones, the unfinished last):\n${formatBrowserSteps(steps, since)}`);
  });
});
