import { describe, expect, it } from 'vitest';
import { CandidateRules } from './candidate-rules';

describe('CandidateRules', () => {
  it('holds a candidate’s rules while any check of it runs, once per release', () => {
    const rules = new CandidateRules();
    expect(rules.of('v1')).toBeUndefined();
    const first = rules.hold('v1', '{"collections":{}}');
    const second = rules.hold('v1', '{"collections":{}}');
    expect(rules.of('v1')).toEqual({ text: '{"collections":{}}' });
    first();
    first();
    expect(rules.of('v1')).toEqual({ text: '{"collections":{}}' });
    second();
    expect(rules.of('v1')).toBeUndefined();
    // A candidate without a rules file is held as null, which is not the same as not held.
    rules.hold('v2', null);
    expect(rules.of('v2')).toEqual({ text: null });
    expect(new CandidateRules().of('v2')).toBeUndefined();
  });
});
