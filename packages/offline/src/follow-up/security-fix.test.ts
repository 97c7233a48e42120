import { describe, expect, it } from 'vitest';
import { publishGateFindings, standingFindings } from '@sprout/core';
import { applyAnswer } from '../testing';
import { securityFixReply } from './security-fix';

const NOTE = 'Anything else needs an AI model.';
const rules = (collections: Record<string, unknown>) => JSON.stringify({ collections }, null, 2);
const standing = (files: Map<string, string>) => standingFindings(publishGateFindings({ files, built: new Map() }));

describe('the offline builder’s "Fix it"', () => {
  it('makes open changes and personal data each person’s own, and the check then finds nothing critical', () => {
    const files = new Map([
      [
        'sprout.data.json',
        rules({
          items: { create: 'anyone', read: 'anyone', update: 'anyone', delete: 'signed-in' },
          signups: { read: 'anyone', fields: { email: { type: 'string' } } },
          tips: { read: 'anyone' },
        }),
      ],
    ]);
    expect(
      standing(files)
        .map((f) => f.rule)
        .sort(),
    ).toEqual(['others-can-change', 'public-personal-data']);
    const answer = applyAnswer(securityFixReply(files, NOTE), files);
    expect(answer.problems).toEqual([]);
    const written = JSON.parse(answer.files.get('sprout.data.json')!);
    expect(written.collections.items).toEqual({ create: 'anyone', read: 'anyone', update: 'creator', delete: 'signed-in' });
    expect(written.collections.signups).toEqual({ read: 'creator', fields: { email: { type: 'string' } } });
    // Nothing personal in tips: left readable by all.
    expect(written.collections.tips).toEqual({ read: 'anyone' });
    expect(answer.summary).toBe('Made items and signups each person’s own');
    expect(standing(answer.files)).toEqual([]);
  });

  it('says what it cannot fix, and changes nothing when that is all there is', () => {
    // A key-shaped string in the client's code: only a model (or the person) can move it to a function.
    const files = new Map([['client/src/keys.ts', `export const K = ${JSON.stringify(`sk_live_${'4eC39HqLyjWDarjtT1zdp7dc'}`)};\n`]]);
    expect(standing(files).length).toBeGreaterThan(0);
    const text = securityFixReply(files, NOTE);
    expect(applyAnswer(text, files).changed).toEqual([]);
    expect(text).toContain("I cannot fix a key in the app's code by myself. Anything else needs an AI model.");
  });

  it('leaves an unreadable rules file alone', () => {
    const files = new Map([['sprout.data.json', '{ not json']]);
    expect(applyAnswer(securityFixReply(files, NOTE), files).changed).toEqual([]);
  });
});
