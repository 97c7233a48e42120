import { describe, expect, it } from 'vitest';
import { pathOf } from './route-path';
import { chatMessages, getSprout, listSprouts, publishAddress, restoreVersion } from './route-table';

describe('pathOf', () => {
  it('fills each parameter as one encoded path segment', () => {
    expect(pathOf(restoreVersion, { id: 'abc', versionId: 'v1' })).toBe('/sprouts/abc/versions/v1/restore');
    expect(pathOf(getSprout, { id: '../../admin?x=1#y' })).toBe('/sprouts/..%2F..%2Fadmin%3Fx%3D1%23y');
  });

  it('adds the defined query values, encoded, and nothing for an empty query', () => {
    expect(pathOf(chatMessages, { id: 'p' }, { limit: 200, before: undefined, q: null })).toBe('/sprouts/p/messages?limit=200');
    expect(pathOf(publishAddress, { id: 'p' }, { slug: 'a b&c' })).toBe('/sprouts/p/address?slug=a+b%26c');
    expect(pathOf(listSprouts)).toBe('/sprouts');
  });

  it('throws when a parameter is missing (a programming mistake)', () => {
    expect(() => pathOf(getSprout)).toThrow('/sprouts/:id: no value for :id');
    expect(() => pathOf(getSprout, {} as { id: string })).toThrow('/sprouts/:id: no value for :id');
  });
});
