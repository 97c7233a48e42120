import { describe, expect, it } from 'vitest';
import { asksForSharedData, chooseDataSharing, type DataSharing, SHARING_RULES } from './choose-data-sharing';
import { DEFAULT_COLLECTION_RULES, parseDataRules } from './rules';

const cases: Record<DataSharing, string[]> = {
  team: [
    'a team standup board',
    'A standup board where each teammate posts what they did yesterday',
    'a shared shopping list for our household',
    'Shopping list for the family',
    'a chore chart for me and my roommates',
    'Tasks shared with my team',
    'my personal todo list, shared with my partner',
    'a board for our office to track who is on holiday',
    'a list of ideas for our team',
    'a private board for our team',
    'an app where coworkers log the hours they spent on each client',
    'a collaborative reading list',
  ],
  public: [
    'a guestbook for my website',
    'A guestbook where everyone can leave a message',
    'a leaderboard for the office ping pong games',
    'Let all users see the scores',
    'a message board for visitors',
    'a kudos wall',
    'a poll about where to eat on Friday',
  ],
  inbox: [
    'a booking page for my salon',
    'I want to read the submissions',
    'the owner sees every order',
    'an RSVP form for our wedding',
    'a waitlist for my new app',
    'a contact form for my bakery',
    'a feedback form',
    'a survey about coffee habits',
    'a sign-up sheet for the school bake sale',
    'volunteer signup sheet for our school fair',
  ],
  personal: [
    'my personal todo list',
    'A personal todo list',
    'a journal',
    'my habit tracker',
    'a private diary',
    'an expense tracker just for me',
    'Make the buttons blue',
    'Add a dark mode toggle',
    'Sort my notes by date',
    'a recipe box with tags',
    'a workout log: date, exercise, sets, reps and weight',
    'sort them in order of date',
    'a reading list for my own use',
  ],
};

describe('chooseDataSharing', () => {
  for (const [expected, prompts] of Object.entries(cases))
    it(`reads ${expected} sharing`, () => {
      for (const prompt of prompts) expect(chooseDataSharing(prompt), prompt).toBe(expected);
    });

  it('calls every sharing but per-visitor shared data', () => {
    expect(asksForSharedData('a team standup board')).toBe(true);
    expect(asksForSharedData('a guestbook')).toBe(true);
    expect(asksForSharedData('a booking page')).toBe(true);
    expect(asksForSharedData('my personal todo list')).toBe(false);
  });
});

describe('SHARING_RULES', () => {
  it('are rules the backend accepts, and the per-visitor one is the default', () => {
    expect(parseDataRules(JSON.stringify({ collections: SHARING_RULES }))).toMatchObject({
      ok: true,
      rules: {
        collections: {
          team: { create: 'signed-in', read: 'signed-in', update: 'creator', delete: 'creator' },
          public: { create: 'anyone', read: 'anyone', update: 'nobody', delete: 'nobody' },
          inbox: { create: 'anyone', read: 'nobody' },
          personal: DEFAULT_COLLECTION_RULES,
        },
      },
    });
  });
});
