import { describe, expect, it } from 'vitest';
import { SHARING_RULES } from './choose-data-sharing';
import { describeSharing, isSharingLine } from './describe-sharing';
import { NO_RULES, parseDataRules, type DataRules } from './rules';

const rulesOf = (collections: Record<string, unknown>): DataRules => {
  const parsed = parseDataRules(JSON.stringify({ collections }));
  if (!parsed.ok) throw new Error(parsed.problems.join('; '));
  return parsed.rules;
};

describe('describeSharing', () => {
  it('says nothing for an app that keeps no data', () => {
    expect(describeSharing(NO_RULES, [])).toBeNull();
  });

  it('says each visitor keeps their own when no rules are written', () => {
    expect(describeSharing(NO_RULES, ['todos'])).toBe('Each visitor keeps their own todos; nobody else sees them.');
  });

  it('says a team signs in and sees everything, only the author edits', () => {
    expect(describeSharing(rulesOf({ standupPosts: SHARING_RULES.team }), ['standupPosts'])).toBe(
      'Everyone who signs in to the app sees all standup posts; only the author can edit or delete theirs.',
    );
  });

  it('says a public wall is seen by anyone and moderated by the owner', () => {
    expect(describeSharing(rulesOf({ guestbookEntries: SHARING_RULES.public }), ['guestbookEntries'])).toBe(
      'Anyone can see and add guestbook entries; only you can change or delete them, in the Data panel.',
    );
    expect(describeSharing(rulesOf({ entries: { ...SHARING_RULES.public, update: 'creator', delete: 'creator' } }), ['entries'])).toBe(
      'Anyone can see and add entries; only the author can edit or delete theirs.',
    );
  });

  it('says what only the owner reads goes to the Data panel, and groups collections under the same rules', () => {
    expect(describeSharing(rulesOf({ bookings: SHARING_RULES.inbox, waitlist: SHARING_RULES.inbox }), ['bookings', 'waitlist'])).toBe(
      'Anyone can send bookings and waitlist; only you see them, in the Data panel.',
    );
  });

  it('describes each collection of a mixed app, the undeclared ones per visitor', () => {
    expect(describeSharing(rulesOf({ tasks: { create: 'signed-in', read: 'signed-in', update: 'signed-in', delete: 'creator' } }), ['tasks', 'drafts'])).toBe(
      'Everyone who signs in to the app sees and edits all tasks; only the author can delete theirs. Each visitor keeps their own drafts; nobody else sees them.',
    );
  });

  it('falls back to the rules in words for unusual rules', () => {
    expect(describeSharing(rulesOf({ scores: { create: 'nobody', read: 'signed-in', update: 'nobody', delete: 'nobody' } }), ['scores'])).toBe(
      'Only you can add to scores, and change and delete them. Signed-in users of your app can see them.',
    );
  });
});

describe('isSharingLine', () => {
  it('knows every line describeSharing writes, and not a headline', () => {
    const lines = [
      describeSharing(NO_RULES, ['todos']),
      describeSharing(rulesOf({ a: SHARING_RULES.team }), ['a']),
      describeSharing(rulesOf({ a: SHARING_RULES.public }), ['a']),
      describeSharing(rulesOf({ a: SHARING_RULES.inbox }), ['a']),
      describeSharing(rulesOf({ a: { ...SHARING_RULES.inbox, create: 'signed-in' } }), ['a']),
      describeSharing(rulesOf({ a: { ...SHARING_RULES.personal, create: 'signed-in' } }), ['a']),
      describeSharing(rulesOf({ a: { create: 'nobody', read: 'signed-in', update: 'nobody', delete: 'nobody' } }), ['a']),
      describeSharing(rulesOf({ a: { create: 'signed-in', read: 'anyone', update: 'creator', delete: 'creator' } }), ['a']),
      describeSharing(rulesOf({ a: { create: 'anyone', read: 'creator', update: 'anyone', delete: 'nobody' } }), ['a']),
    ];
    for (const line of lines) expect(isSharingLine(line!), line!).toBe(true);
    expect(isSharingLine('I built **Recipe Box**, a list of recipes.')).toBe(false);
    expect(isSharingLine("I can't build chess offline; here is **Tic-Tac-Toe**.")).toBe(false);
  });
});
