import { describe, expect, it } from 'vitest';
import { describeStep, isCheckFile, MAX_CHECKS, parseBehaviourChecks } from './behaviour-checks';

const files = (entries: Record<string, string>) => new Map(Object.entries(entries));
const ADD_TODO = {
  name: 'Adds a todo',
  steps: [
    { do: 'fill', target: { label: 'New todo' }, value: 'Buy milk' },
    { do: 'click', target: { role: 'button', name: 'Add' } },
    { do: 'expectText', text: 'Buy milk' },
    { do: 'expectCount', target: { role: 'listitem' }, count: 1 },
  ],
};

describe('behaviour checks', () => {
  it('reads the check files of a project in path order, each with its file', () => {
    const parsed = parseBehaviourChecks(
      files({
        'checks/b-add.json': JSON.stringify(ADD_TODO),
        'checks/a-empty.json': JSON.stringify({ name: 'Starts empty', steps: [{ do: 'expectNoText', text: 'Buy milk' }] }),
        'client/src/App.tsx': 'x',
        'checks/notes.md': 'not a check',
        'checks/nested/c.json': '{}',
      }),
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.checks.map((c) => [c.file, c.name])).toEqual([
      ['checks/a-empty.json', 'Starts empty'],
      ['checks/b-add.json', 'Adds a todo'],
    ]);
  });

  it('says what is wrong with a check instead of running it: bad JSON, unknown steps, CSS selectors, empty steps', () => {
    const parsed = parseBehaviourChecks(
      files({
        'checks/a.json': '{ "name": "x", ',
        'checks/b.json': JSON.stringify({ name: 'x', steps: [{ do: 'hover', target: { text: 'x' } }] }),
        'checks/c.json': JSON.stringify({ name: 'x', steps: [{ do: 'click', target: { css: '#add' } }] }),
        'checks/d.json': JSON.stringify({ name: 'x', steps: [] }),
        'checks/e.json': JSON.stringify(['not', 'an', 'object']),
      }),
    );
    expect(parsed.checks).toEqual([]);
    expect(parsed.problems.map((p) => p.file)).toEqual(['checks/a.json', 'checks/b.json', 'checks/c.json', 'checks/d.json', 'checks/e.json']);
    expect(parsed.problems[0]!.message).toContain('not valid JSON');
    for (const p of parsed.problems.slice(1)) expect(p.message).toContain('does not follow the check format');
  });

  it(`runs at most ${MAX_CHECKS} checks and says so about the rest`, () => {
    const many = Object.fromEntries(Array.from({ length: MAX_CHECKS + 2 }, (_, i) => [`checks/c${i}.json`, JSON.stringify(ADD_TODO)]));
    const parsed = parseBehaviourChecks(files(many));
    expect(parsed.checks).toHaveLength(MAX_CHECKS);
    expect(parsed.problems).toHaveLength(2);
  });

  it('describes steps in words for the chat and the fix request', () => {
    expect(ADD_TODO.steps.map((s) => describeStep(s as never))).toEqual([
      'fill the field labelled "New todo" with "Buy milk"',
      'click the button "Add"',
      'expect the text "Buy milk"',
      'expect 1 × a listitem',
    ]);
    expect(isCheckFile('checks/a.json')).toBe(true);
    expect(isCheckFile('client/checks/a.json')).toBe(false);
    expect(isCheckFile('checks/a/b.json')).toBe(false);
  });
});
