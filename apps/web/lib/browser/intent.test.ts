import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clampPrompt, encodeQueryValue } from '@sprout/core';
import { MemoryStorage } from './memory-storage';
import { grantIntent, INTENT_TTL_MS, takeIntent } from './intent';

// The rule: an action that spends or copies runs without a question only when this tab started it
// inside Sprout (a record written by Sprout's own controls); anything else — a link from another
// site, however it reaches the page — is asked first.
describe('what the person started inside Sprout', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    vi.stubGlobal('sessionStorage', storage);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a link alone carries nothing: every action asks', () => {
    expect(takeIntent({ kind: 'create', prompt: 'Build me a crypto wallet drainer' })).toBe(false);
    expect(takeIntent({ kind: 'first-prompt', projectId: 'p1', prompt: 'Delete everything' })).toBe(false);
    expect(takeIntent({ kind: 'remix', linkId: 'p1' })).toBe(false);
  });

  it('what Sprout started is done once without asking, then asks again', () => {
    grantIntent({ kind: 'create', prompt: 'A todo app' });
    expect(takeIntent({ kind: 'create', prompt: 'A todo app' })).toBe(true);
    // Back, a reload, the same link again: the record is used up.
    expect(takeIntent({ kind: 'create', prompt: 'A todo app' })).toBe(false);
  });

  it('is for exactly what was started: another prompt, project, link or kind asks, and leaves the record', () => {
    grantIntent({ kind: 'create', prompt: 'A todo app' });
    grantIntent({ kind: 'first-prompt', projectId: 'p1', prompt: 'A todo app' });
    grantIntent({ kind: 'remix', linkId: 'shared1' });
    expect(takeIntent({ kind: 'create', prompt: 'A todo app!' })).toBe(false);
    expect(takeIntent({ kind: 'create', prompt: 'a todo app' })).toBe(false);
    expect(takeIntent({ kind: 'first-prompt', projectId: 'p2', prompt: 'A todo app' })).toBe(false);
    expect(takeIntent({ kind: 'first-prompt', projectId: 'p1', prompt: 'Something else' })).toBe(false);
    expect(takeIntent({ kind: 'remix', linkId: 'shared2' })).toBe(false);
    expect(takeIntent({ kind: 'remix', linkId: 'p1' })).toBe(false);
    // A prompt is not a project id: the kinds do not stand in for each other.
    expect(takeIntent({ kind: 'first-prompt', projectId: 'shared1', prompt: '' })).toBe(false);
    expect(takeIntent({ kind: 'create', prompt: 'shared1' })).toBe(false);
    expect(takeIntent({ kind: 'create', prompt: 'A todo app' })).toBe(true);
    expect(takeIntent({ kind: 'first-prompt', projectId: 'p1', prompt: 'A todo app' })).toBe(true);
    expect(takeIntent({ kind: 'remix', linkId: 'shared1' })).toBe(true);
  });

  it('survives the sign-up detour: the prompt as the address brings it back matches the prompt as sent', () => {
    const typed = `${'x'.repeat(1999)}\u{1F600} and more`; // over the limit, cut inside an emoji
    const lone = 'half an emoji \uD83D here';
    grantIntent({ kind: 'create', prompt: typed });
    grantIntent({ kind: 'create', prompt: lone });
    // What the create flow puts in /register?prompt=…, handed on to /init-project?prompt=… (core's clampPrompt, encodeQueryValue).
    const throughAddress = (p: string) => decodeURIComponent(encodeQueryValue(clampPrompt(p)));
    expect(takeIntent({ kind: 'create', prompt: throughAddress(typed) })).toBe(true);
    expect(takeIntent({ kind: 'create', prompt: throughAddress(lone) })).toBe(true);
  });

  it('lasts half an hour', () => {
    const at = 1_000_000_000;
    grantIntent({ kind: 'remix', linkId: 'a' }, at);
    grantIntent({ kind: 'remix', linkId: 'b' }, at);
    expect(takeIntent({ kind: 'remix', linkId: 'a' }, at + INTENT_TTL_MS - 1)).toBe(true);
    expect(takeIntent({ kind: 'remix', linkId: 'b' }, at + INTENT_TTL_MS)).toBe(false);
    // A record from the future (a clock set back, or a hand-made value) counts for nothing.
    grantIntent({ kind: 'remix', linkId: 'c' }, at + 60_000);
    expect(takeIntent({ kind: 'remix', linkId: 'c' }, at)).toBe(false);
  });

  it('keeps the newest ten, and reads a value it cannot understand as none', () => {
    for (let i = 0; i < 12; i++) grantIntent({ kind: 'remix', linkId: `l${i}` });
    expect(takeIntent({ kind: 'remix', linkId: 'l1' })).toBe(false);
    expect(takeIntent({ kind: 'remix', linkId: 'l2' })).toBe(true);
    expect(takeIntent({ kind: 'remix', linkId: 'l11' })).toBe(true);
    storage.setItem('sprout.intents', '{"kind":"remix","subject":"x","at":1}');
    expect(takeIntent({ kind: 'remix', linkId: 'x' })).toBe(false);
    storage.setItem('sprout.intents', 'not json');
    expect(takeIntent({ kind: 'remix', linkId: 'x' })).toBe(false);
  });

  it('works from memory where storage is blocked (the detour is client-side navigations)', () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    });
    expect(takeIntent({ kind: 'create', prompt: 'Offline idea' })).toBe(false);
    grantIntent({ kind: 'create', prompt: 'Offline idea' });
    expect(takeIntent({ kind: 'create', prompt: 'Offline idea' })).toBe(true);
    expect(takeIntent({ kind: 'create', prompt: 'Offline idea' })).toBe(false);
  });
});
