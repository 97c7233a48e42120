import { describe, expect, it } from 'vitest';
import { slugBase, slugCandidates, validateSlug } from './slugs';

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

describe('validateSlug', () => {
  it('accepts DNS labels of ours, forgiving case and surrounding spaces', () => {
    expect(validateSlug('fridge-to-table')).toEqual({ ok: true, slug: 'fridge-to-table' });
    expect(validateSlug('  My-App2 ')).toEqual({ ok: true, slug: 'my-app2' });
    expect(validateSlug('a')).toEqual({ ok: true, slug: 'a' });
    expect(validateSlug('a'.repeat(40))).toEqual({ ok: true, slug: 'a'.repeat(40) });
  });

  it.each([
    ['', 'Enter an address.'],
    ['   ', 'Enter an address.'],
    [42, 'Enter an address.'],
    ['a'.repeat(41), 'Use at most 40 characters.'],
    ['my app', 'Use only letters a–z, digits and hyphens.'],
    ['café', 'Use only letters a–z, digits and hyphens.'],
    ['a.b', 'Use only letters a–z, digits and hyphens.'],
    ['-app', 'Start and end the address with a letter or a digit.'],
    ['app-', 'Start and end the address with a letter or a digit.'],
    ['xn--80ak6aa92e', 'Do not put two hyphens in a row.'],
    ['admin', 'That address is reserved for Sprout. Try another.'],
    ['WWW', 'That address is reserved for Sprout. Try another.'],
  ])('refuses %j: %s', (input, message) => {
    expect(validateSlug(input)).toEqual({ ok: false, message });
  });

  it('accepts every address slugBase makes that is not reserved', () => {
    for (const name of ['Sprout - 537', 'Café Menu!', 'Fridge to Table', '  --Hello__World--  ', 'a'.repeat(80)]) {
      expect(validateSlug(slugBase(name))).toEqual({ ok: true, slug: slugBase(name) });
    }
  });
});
