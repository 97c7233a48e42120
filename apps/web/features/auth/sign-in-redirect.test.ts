import { describe, expect, it } from 'vitest';
import { goTo } from './sign-in-redirect';

function run(to: string) {
  const routed: string[] = [];
  const calls: string[] = [];
  const place = { origin: 'http://localhost:3000', assign: (url: string | URL) => void calls.push(`assign ${String(url)}`) };
  goTo(to, { replace: (href) => void routed.push(href) }, place);
  return { routed, calls };
}

describe('goTo', () => {
  it('navigates in the app router, once, without a full navigation', () => {
    expect(run('/build')).toEqual({ routed: ['/build'], calls: [] });
    expect(run('/init-project?prompt=x')).toEqual({ routed: ['/init-project?prompt=x'], calls: [] });
  });

  it('keeps same-origin absolute destinations in the router, and sends other origins away at once', () => {
    expect(run('http://localhost:3000/settings')).toEqual({ routed: ['/settings'], calls: [] });
    expect(run('http://localhost:3000')).toEqual({ routed: ['/'], calls: [] });
    expect(run('https://docs.sprout.dev/start')).toEqual({ routed: [], calls: ['assign https://docs.sprout.dev/start'] });
  });
});
