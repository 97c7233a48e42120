import { describe, expect, it } from 'vitest';
import { describeCollectionRules, describeDataRules } from './describe-rules';
import { DEFAULT_COLLECTION_RULES, parseDataRules } from './rules';

const rules = (text: unknown) => {
  const r = parseDataRules(JSON.stringify(text));
  if (!r.ok) throw new Error(r.problems.join('; '));
  return r.rules;
};

describe('describeCollectionRules', () => {
  it('says who may do what, in plain words', () => {
    const booking = rules({ collections: { bookings: { create: 'anyone', read: 'nobody', update: 'nobody', delete: 'nobody' } } });
    expect(describeCollectionRules('bookings', booking.collections.bookings!)).toBe('Anyone can add to bookings. Only you can see, change and delete them.');
    expect(describeCollectionRules('notes', DEFAULT_COLLECTION_RULES)).toBe(
      'Anyone can add to notes. Each visitor can see, change and delete only what they added.',
    );
    const team = rules({ collections: { tasks: { create: 'signed-in', read: 'signed-in', update: 'signed-in', delete: 'creator' } } });
    expect(describeCollectionRules('tasks', team.collections.tasks!)).toBe(
      'Signed-in users of your app can add to tasks, and see and change them. Each visitor can delete only what they added.',
    );
  });
});

describe('describeDataRules', () => {
  it('lists declared collections and those in use, saying which are declared', () => {
    const described = describeDataRules(rules({ collections: { b: { read: 'anyone' } } }), ['a', 'b']);
    expect(described.map((d) => [d.name, d.declared])).toEqual([
      ['a', false],
      ['b', true],
    ]);
  });
});
