import { describe, expect, it } from 'vitest';
import { previousRoute, pushRoute, ROUTE_HISTORY_LIMIT } from './route-history';

describe('routing history', () => {
  it('keeps the newest ten entries and skips immediate repeats', () => {
    let h: string[] = [];
    for (let i = 0; i < 15; i++) h = pushRoute(h, `/p${i}`);
    h = pushRoute(h, '/p14');
    expect(h).toHaveLength(ROUTE_HISTORY_LIMIT);
    expect(h[0]).toBe('/p5');
    expect(h.at(-1)).toBe('/p14');
  });

  it('finds the previous in-app route, ignoring query changes on the current page', () => {
    const h = ['/build', '/pricing', '/build/abc', '/build/abc?modal=x'];
    expect(previousRoute(h, '/build/abc?modal=x')).toBe('/pricing');
    expect(previousRoute(['/build/abc'], '/build/abc')).toBeNull();
  });
});
