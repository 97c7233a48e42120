import { describe, expect, it } from 'vitest';
import { slugBase, slugCandidates } from './slugs';

describe('slugs', () => {
  it.each([
    ['Sprout - 537', 'sprout-537'],
    ['Café Menu!', 'cafe-menu'],
    ['  --Hello__World--  ', 'hello-world'],
    ['日本語', 'app'],
    ['admin', 'app'],
    ['Sprout', 'app'],
    ['***', 'app'],
    ['a'.repeat(80), 'a'.repeat(40)],
  ])('%j → %s', (name, slug) => {
    expect(slugBase(name)).toBe(slug);
  });

  it('are DNS labels, the name first and then suffixed variants', () => {
    const list = slugCandidates('My Kanban Board', () => 0);
    expect(list[0]).toBe('my-kanban-board');
    expect(list[1]).toBe('my-kanban-board-aaaa');
    for (const s of slugCandidates('x'.repeat(100), (max) => Math.floor(Math.random() * max))) expect(s).toMatch(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/);
  });
});
