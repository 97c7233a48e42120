import { describe, expect, it } from 'vitest';
import { DATA_RULES_PATH, parseDataRules } from '@sprout/core';
import { converse } from '../../testing';

/** The app the offline builder makes of a prompt: its rules (parsed as the backend would), App.tsx, the reply. */
function built(prompt: string) {
  const turn = converse([prompt])[0]!;
  const text = turn.files.get(DATA_RULES_PATH);
  const parsed = parseDataRules(text ?? null);
  if (!parsed.ok) throw new Error(`${prompt}: ${parsed.problems.join('; ')}`);
  return {
    rules: text === undefined ? null : parsed.rules.collections,
    app: turn.files.get('client/src/App.tsx') ?? '',
    prose: turn.prose,
    problems: turn.problems,
  };
}

describe('who sees a composed app’s records', () => {
  it('shares a team’s or a household’s list with everyone who signs in; only the author edits or deletes a post', () => {
    for (const prompt of ['a team standup board', 'A standup board where each teammate posts what they did yesterday', 'a list of ideas for our team'])
      expect(Object.values(built(prompt).rules ?? {}), prompt).toEqual([
        expect.objectContaining({ create: 'signed-in', read: 'signed-in', delete: 'creator' }),
      ]);
    const ideas = built('a list of ideas for our team');
    expect(Object.values(ideas.rules!)[0]).toMatchObject({
      update: 'creator',
      fields: expect.objectContaining({ addedBy: { type: 'string', maxLength: 254 } }),
    });
    expect(ideas.app).toContain('<AuthGate>');
    expect(ideas.app).toContain('addedBy: user?.email');
    expect(ideas.app).toContain('mine={(r) => r.createdBy === `user:${user?.id}`}');
    expect(ideas.problems).toEqual([]);
  });

  it('lets a household tick off each other’s items, still deleting only their own', () => {
    const list = built('a shared shopping list for our household');
    expect(list.rules).toEqual({ items: expect.objectContaining({ create: 'signed-in', read: 'signed-in', update: 'signed-in', delete: 'creator' }) });
    expect(list.app).toContain('<AuthGate>');
  });

  it('builds a personal app of the catalogue asked for by a group as a shared list of what it keeps; a guess stays a guess', () => {
    const expenses = built('expense splitter for me and my roommates');
    expect(expenses.rules).toEqual({ expenses: expect.objectContaining({ create: 'signed-in', read: 'signed-in', delete: 'creator' }) });
    expect(expenses.prose).toMatch(/I built \*\*Expenses\*\*, a list of expenses \(what, amount and date\), without splitting costs/);
    const guess = built('something nice for our team');
    expect(guess.rules).toBeNull();
    expect(guess.prose.split('\n')[0]).toMatch(/^I couldn't tell which app you want, so here is \*\*Daily Habits\*\*/);
  });

  it('shows a public wall to every visitor, without sign-in, moderated by the owner', () => {
    for (const prompt of ['a guestbook', 'a leaderboard', 'a kudos wall for everyone']) {
      const wall = built(prompt);
      expect(Object.values(wall.rules ?? {}), prompt).toEqual([
        expect.objectContaining({ create: 'anyone', read: 'anyone', update: 'nobody', delete: 'nobody' }),
      ]);
      expect(wall.app, prompt).not.toContain('AuthGate');
      expect(wall.app, prompt).toContain('mine={() => false}');
    }
  });

  it('keeps personal lists per visitor (no rules file) and forms for the owner only', () => {
    for (const prompt of ['a recipe box with tags', 'my personal reading list with tags', 'a workout log: date, exercise, sets, reps and weight']) {
      const own = built(prompt);
      expect(own.rules, prompt).toBeNull();
      expect(own.app, prompt).not.toContain('AuthGate');
      expect(own.prose.split('\n')[0], prompt).toMatch(/^Each visitor keeps their own .+; nobody else sees them\.$/);
    }
    expect(Object.values(built('a sign-up sheet for the school bake sale').rules!)).toEqual([expect.objectContaining({ create: 'anyone', read: 'nobody' })]);
  });

  it('opens the reply with who sees what, from the rules it wrote', () => {
    expect(built('a team standup board').prose.split('\n')[0]).toBe(
      'Everyone who signs in to the app sees and edits all updates; only the author can delete theirs.',
    );
    expect(built('a list of ideas for our team').prose.split('\n')[0]).toMatch(
      /^Everyone who signs in to the app sees all .+; only the author can edit or delete theirs\.$/,
    );
    expect(built('a sign-up sheet for the school bake sale').prose.split('\n')[0]).toBe('Anyone can send responses; only you see them, in the Data panel.');
  });
});
