import { INSTEAD_QUESTION_ID } from '@sprout/core/contract';
import { describe, expect, it } from 'vitest';
import { understand } from '../understand/understand';
import { askedFor, insteadPlan, nearestOffers, onlyAGuess } from './instead';
import { OFFERS } from './instead-offers';

const CANNOT = [
  'band voting',
  'a band voting app',
  'chess',
  'a chat app',
  'an AI chatbot',
  'a weather app',
  'a calculator',
  'an online shop',
  'a social network',
  'a music player',
  'a quiz',
  'a spreadsheet',
  'a timer',
  'something cool',
  'hello',
  'make me an app',
];

describe('what to build instead', () => {
  it('offers two to four apps it can make for anything it cannot build or cannot make out', () => {
    const requests = new Set(OFFERS.map((o) => o.request));
    for (const request of CANNOT) {
      const spec = understand(request);
      expect(!!spec.plan.cannot || spec.plan.vague || onlyAGuess(spec), request).toBe(true);
      const offered = nearestOffers(request, spec);
      expect(offered.length, request).toBeGreaterThanOrEqual(2);
      expect(offered.length, request).toBeLessThanOrEqual(4);
      expect(new Set(offered).size, request).toBe(offered.length);
      for (const o of offered) expect(requests.has(o), `${request}: ${o}`).toBe(true);
    }
  });

  it('offers what comes closest: games for a game, a vote or a wall for band voting, messages for a chat app', () => {
    const offers = (r: string) => nearestOffers(r, understand(r));
    expect(offers('chess')).toEqual(['Tic-tac-toe against the computer', 'A memory matching game', 'A snake game']);
    expect(offers('band voting')).toEqual(
      expect.arrayContaining(["A voting form that saves each person's name and their choice", 'A suggestion wall where everyone posts ideas']),
    );
    expect(offers('a chat app')).toContain('A guestbook where every visitor can leave a message');
    expect(offers('a calculator')[0]).toBe('An expense tracker with a monthly budget');
  });

  it('names what was asked, or says it could not tell', () => {
    const named = (r: string) => askedFor(r, understand(r));
    expect(named('chess')).toBe('chess');
    expect(named('a chat app')).toBe('a chat app');
    expect(named('band voting')).toBe('a band voting app');
    expect(named('a band voting app where fans pick the best band of the night')).toBe('a band voting app');
    expect(named('something cool')).toBeNull();
    expect(named('Something nice for my grandmother')).toBeNull();
  });

  it('treats a list of an activity it knows nothing about as a guess, not a list of things it keeps', () => {
    expect(onlyAGuess(understand('a band voting app'))).toBe(true);
    expect(onlyAGuess(understand('my sneaker collection'))).toBe(false);
    expect(onlyAGuess(understand('a reading list with tags'))).toBe(false);
  });

  it('plans nothing and asks one question', () => {
    const plan = insteadPlan('a chat app', understand('a chat app'));
    expect(plan).toMatchObject({ screens: [], data: [], integrations: [] });
    expect(plan.summary).toBe('Without a model, Sprout can’t build a chat app. It can build one of these instead:');
    expect(plan.questions).toEqual([{ id: INSTEAD_QUESTION_ID, text: 'Which of these should I build instead?', options: expect.any(Array) }]);
  });
});
