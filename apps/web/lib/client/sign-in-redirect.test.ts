import { describe, expect, it } from 'vitest';
import { goTo, SIGN_IN_NAVIGATION_FALLBACK_MS } from './sign-in-redirect';

function place(pathname = '/login') {
  const calls: string[] = [];
  return {
    calls,
    origin: 'http://localhost:3000',
    pathname,
    assign: (url: string | URL) => void calls.push(`assign ${String(url)}`),
    replace: (url: string | URL) => void calls.push(`replace ${String(url)}`),
  };
}

function run(to: string, where = place()) {
  const routed: string[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  goTo(to, { replace: (href) => void routed.push(href) }, where, (fn, ms) => timers.push({ fn, ms }));
  return { routed, timers, where };
}

describe('goTo', () => {
  it('navigates in the app router and finishes with a full navigation if the page is still shown', () => {
    const { routed, timers, where } = run('/build');
    expect(routed).toEqual(['/build']);
    expect(timers.map((t) => t.ms)).toEqual([SIGN_IN_NAVIGATION_FALLBACK_MS]);
    timers[0]!.fn();
    expect(where.calls).toEqual(['replace /build']);
  });

  it('leaves a client navigation that went through alone', () => {
    const { timers, where } = run('/init-project?prompt=x');
    where.pathname = '/init-project';
    timers[0]!.fn();
    expect(where.calls).toEqual([]);
  });

  it('keeps same-origin absolute destinations in the router, and sends other origins away at once', () => {
    expect(run('http://localhost:3000/settings').routed).toEqual(['/settings']);
    const away = run('https://docs.sprout.dev/start');
    expect(away.routed).toEqual([]);
    expect(away.timers).toEqual([]);
    expect(away.where.calls).toEqual(['assign https://docs.sprout.dev/start']);
  });

  it('never reloads the page it is on (no loop when the destination is this page)', () => {
    const { timers } = run('/login?x=1');
    expect(timers).toEqual([]);
  });
});
