import { describe, expect, it } from 'vitest';
import { converse } from '../testing';
import { understand } from '../understand/understand';
import { detailsNotApplied } from './details';

const lines = (prompt: string) => converse([prompt])[0]!.prose.split('\n');
// A data app's reply opens with who sees what (reply/sharing.ts); the headline follows it.
const first = (prompt: string) => {
  const [one, , three] = lines(prompt);
  return /^(?:Each|Everyone|Anyone|People) .*\bsee/.test(one!) ? three! : one!;
};

describe('who sees what, in the first line of a data app’s reply', () => {
  it('opens the reply, or follows the honest first sentence of an app other than the one asked for', () => {
    expect(lines('a team standup board')[0]).toBe('Everyone who signs in to the app sees and edits all updates; only the author can delete theirs.');
    expect(lines('a guestbook')[0]).toBe('Anyone can see and add messages; only you can change or delete them, in the Data panel.');
    expect(lines('my personal todo list')[0]).toBe('Each visitor keeps their own todos; nobody else sees them.');
    expect(lines('a snake game')[0]).toMatch(/^I built \*\*Snake\*\*/);
    expect(lines('weather app that shows the forecast').slice(0, 3)).toEqual([
      expect.stringMatching(/^I can't build a weather app offline/),
      '',
      'Each visitor keeps their own todos; nobody else sees them.',
    ]);
  });
});

describe('the first sentence of a new app’s reply', () => {
  it('says what was built, in the person’s terms', () => {
    expect(first('a recipe box where I save recipes and filter by tag')).toBe(
      'I built **Recipe Box**, a list of recipes (title, cooking time, ingredients and steps) with tags.',
    );
    expect(first('A simple to-do list')).toMatch(/^I built \*\*To-do\*\*, a to-do list\. I went by “to-do list”/);
  });

  it('says what it cannot build and offers what it can', () => {
    expect(first('multiplayer chess with a lobby')).toBe(
      "I can't build chess offline; here is **Tic-Tac-Toe**, tic-tac-toe against the computer or a friend, or pick one of: snake, a memory game or tic-tac-toe.",
    );
    expect(first('weather app that shows the forecast')).toMatch(/^I can't build a weather app offline; here is \*\*.+\*\*, .+, or pick one of: a list or log/);
  });

  it('names what the app lacks of what was asked', () => {
    expect(first('a habit tracker with a chart and a login')).toMatch(
      /^I built \*\*Daily Habits\*\*, a habit tracker, without a chart or sign-in: the offline builder can't add those\. /,
    );
    expect(first('inventory for my etsy shop with stock levels and low stock filter')).toMatch(/without a filter/);
  });

  it('says when it could not tell what was asked', () => {
    expect(first('something nice for my grandma')).toMatch(/^I couldn't tell which app you want, so here is \*\*Daily Habits\*\*/);
  });
});

describe('details the app does not apply', () => {
  it('are named as not applied, never listed as taken', () => {
    const spec = understand('habit tracker but mobile first and minimalist');
    expect(detailsNotApplied(spec)).toEqual([
      expect.stringMatching(/^“Mobile-first” or “mobile-optimised”: I did not change anything/),
      expect.stringMatching(/^“Minimalist”: only the colours follow it/),
    ]);
    const [turn] = converse(['habit tracker but mobile first and minimalist']);
    expect(turn!.prose).toMatch(/\*\*Not built offline\*\*\n- “Mobile-first”/);
    expect(turn!.prose).not.toContain('Mobile-optimised: one column');
  });

  it('are not reported where the app applies them', () => {
    expect(detailsNotApplied(understand('Build an image compressor, no cards, 200 KB target'))).toEqual([]);
    expect(detailsNotApplied(understand('A landing page with pricing and an FAQ'))).toEqual([]);
    expect(detailsNotApplied(understand('A habit tracker with pricing and an FAQ section'))).toEqual([
      expect.stringMatching(/^Page sections \(pricing and FAQ\)/),
    ]);
  });
});
