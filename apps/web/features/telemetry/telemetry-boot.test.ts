import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { takeEarlyErrors, TELEMETRY_BOOT_SCRIPT } from './telemetry-boot';

/** A window stand-in with real event dispatch, the boot script run in it as in <head>. */
function page() {
  const window = new EventTarget() as EventTarget & Record<string, unknown>;
  const context = vm.createContext({
    window,
    addEventListener: window.addEventListener.bind(window),
    removeEventListener: window.removeEventListener.bind(window),
    Error,
    String,
  });
  vm.runInContext(TELEMETRY_BOOT_SCRIPT, context);
  const error = (message: string, error?: Error) => window.dispatchEvent(Object.assign(new Event('error'), { message, error }));
  const rejection = (reason: unknown) => window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason }));
  return { window, error, rejection };
}

describe('the telemetry boot script', () => {
  it('keeps the errors thrown before the reporter is ready, and hands them over once', () => {
    const p = page();
    const boom = new Error('boom');
    p.error('Uncaught Error: boom', boom);
    p.rejection('nope');
    expect(takeEarlyErrors(p.window as never)).toEqual([
      { message: 'Uncaught Error: boom', stack: boom.stack },
      { message: 'nope', stack: undefined },
    ]);
    // The reporter listens from now on: the boot script keeps nothing more, and hands nothing twice.
    p.error('Uncaught Error: later');
    expect(takeEarlyErrors(p.window as never)).toEqual([]);
  });

  it('keeps at most ten', () => {
    const p = page();
    for (let i = 0; i < 25; i++) p.error(`Uncaught Error: ${i}`);
    expect(takeEarlyErrors(p.window as never).map((e) => e.message)).toEqual(Array.from({ length: 10 }, (_, i) => `Uncaught Error: ${i}`));
  });

  it('hands over nothing on a page without it', () => {
    expect(takeEarlyErrors({})).toEqual([]);
  });
});
