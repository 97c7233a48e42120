import { describe, expect, it } from 'vitest';
import { pullPlan } from './pull-plan';

const a = 'a'.repeat(40);
const b = 'b'.repeat(40);

describe('pullPlan', () => {
  it('takes nothing from an empty remote, the same commit, or a remote Sprout is ahead of', () => {
    expect(pullPlan({ local: a, remote: null, remoteHasLocal: false, localHasRemote: false })).toBe('nothing');
    expect(pullPlan({ local: a, remote: a, remoteHasLocal: true, localHasRemote: true })).toBe('nothing');
    expect(pullPlan({ local: a, remote: b, remoteHasLocal: false, localHasRemote: true })).toBe('nothing');
  });

  it('fast-forwards a remote that builds on the current commit, or any remote of a project without versions', () => {
    expect(pullPlan({ local: a, remote: b, remoteHasLocal: true, localHasRemote: false })).toBe('fast-forward');
    expect(pullPlan({ local: null, remote: b, remoteHasLocal: false, localHasRemote: false })).toBe('fast-forward');
  });

  it('calls two histories that each have commits the other lacks diverged', () => {
    expect(pullPlan({ local: a, remote: b, remoteHasLocal: false, localHasRemote: false })).toBe('diverged');
  });
});
