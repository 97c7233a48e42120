import { describe, expect, it } from 'vitest';
import { parseDataRules } from '@sprout/core';
import { answerRequest } from '../offline-answer';

const fixRound = (names: string[]) =>
  `Checking the project after your changes found these problems. Fix them:\n${names
    .map(
      (n) =>
        `- [data] client/src/App.tsx:22 Collection "${n}" is not declared in sprout.data.json, so each visitor sees only what they added themselves, but this app shares its data.`,
    )
    .join('\n')}`;

const written = (answer: string) => /<sprout-write path="sprout\.data\.json">\n([\s\S]*?)<\/sprout-write>/.exec(answer)?.[1];

describe('a fix round about undeclared collections', () => {
  it('declares them as each visitor’s own, keeping the rules already there', () => {
    const files = new Map([['sprout.data.json', JSON.stringify({ collections: { bookings: { create: 'anyone', read: 'nobody' } } })]]);
    const answer = answerRequest(fixRound(['habits', 'notes', 'habits']), files);
    const parsed = parseDataRules(written(answer));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(Object.keys(parsed.rules.collections).sort()).toEqual(['bookings', 'habits', 'notes']);
    expect(parsed.rules.collections.habits).toMatchObject({ create: 'anyone', read: 'creator', update: 'creator', delete: 'creator' });
    expect(parsed.rules.collections.bookings).toMatchObject({ read: 'nobody' });
    expect(answer).toContain('change "read" to "anyone"');
  });

  it('writes a new rules file when there is none, and leaves other fix rounds alone', () => {
    expect(parseDataRules(written(answerRequest(fixRound(['todos']), new Map()))).ok).toBe(true);
    const other = answerRequest('Checking the project after your changes found these problems. Fix them:\n- [build] x', new Map());
    expect(other).toContain('cannot fix errors in code by itself');
    expect(written(other)).toBeUndefined();
  });
});
