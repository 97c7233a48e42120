import { describe, expect, it } from 'vitest';
import { domainChange, isFirstPublish } from './journey-events';

const at = (publicUrl: string | null, published: boolean) => ({ publicUrl, published });

describe('the Domain event', () => {
  it('names what happened to the public address', () => {
    expect(domainChange(at(null, false), at('http://kanban.sites.localhost:3001', true))).toEqual({ action: 'assigned', host: 'kanban.sites.localhost:3001' });
    expect(domainChange(at('http://kanban.sites.localhost:3001', true), at('http://board.sites.localhost:3001', true))).toEqual({
      action: 'changed',
      host: 'board.sites.localhost:3001',
    });
    expect(domainChange(at('https://a.example.app', true), at('https://a.example.app', false))).toEqual({ action: 'offline', host: 'a.example.app' });
    expect(domainChange(at('https://a.example.app', false), at('https://a.example.app', true))).toEqual({ action: 'online', host: 'a.example.app' });
  });

  it('is not sent when the address did not change (a republish) or there is none', () => {
    expect(domainChange(at('https://a.example.app', true), at('https://a.example.app', true))).toBeNull();
    expect(domainChange(at(null, false), at(null, false))).toBeNull();
  });
});

describe('the first publish', () => {
  it('is the first address any of the person’s projects got', () => {
    expect(isFirstPublish(at(null, false), [at(null, false)])).toBe(true);
    expect(isFirstPublish(at(null, false), [at('https://b.example.app', false)])).toBe(false);
    expect(isFirstPublish(at('https://a.example.app', false), [])).toBe(false);
    // Without the list, nobody can tell: not sent.
    expect(isFirstPublish(at(null, false), undefined)).toBe(false);
  });
});
