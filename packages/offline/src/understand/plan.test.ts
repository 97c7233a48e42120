import { describe, expect, it } from 'vitest';
import { readAsk } from './ask';
import { planFor } from './plan';

describe('readAsk: what was asked, in the person’s words', () => {
  it('names the thing, its subject and the features asked for', () => {
    const a = readAsk('a recipe box where I save recipes and filter by tag');
    expect(a).toMatchObject({ thing: 'recipe box', subject: 'recipe', head: 'box', shape: 'list', wants: ['tags', 'filter'], filterBy: 'tag' });
    expect(a.entity?.id).toBe('recipe');
    expect(readAsk('i want to log my workouts - exercise, sets, reps, weight - and see a chart').fields.map((f) => f.name)).toEqual([
      'exercise',
      'sets',
      'reps',
      'weight',
    ]);
    // The subject is what the clause keeps, never the clause: "where i record the books" → books.
    expect(readAsk('a log where i record the books i read with author and rating')).toMatchObject({ thing: 'books', subject: 'books' });
    expect(readAsk('a list where we keep our board games with the number of players')).toMatchObject({ subject: 'board games', shape: 'log' });
    expect(readAsk('an app where I can track my sets and reps').entity?.id).toBe('workout');
    expect(readAsk('a crm for our sales reps').entity?.id).not.toBe('workout');
    expect(readAsk('a drag n drop board for content ideas')).toMatchObject({ subject: 'content ideas', head: 'board', shape: 'board' });
  });

  it('knows a form by its kind, and fills it with a form subject', () => {
    expect(readAsk('contact form for my plumbing business').entity?.id).toBe('message');
    expect(readAsk('sign up form for my newsletter').entity?.id).toBe('subscriber');
    expect(readAsk('a survey about remote work')).toMatchObject({ shape: 'form', head: 'survey' });
  });

  it('names games and kinds of app it does not have', () => {
    expect(readAsk('multiplayer chess with a lobby').game).toEqual({ name: 'chess', closest: 'tictactoe' });
    expect(readAsk('tetris game pls').game?.closest).toBe('snake');
    expect(readAsk('weather app for my city').cannot).toEqual({ what: 'a weather app', at: 0 });
    expect(readAsk('a habit tracker').cannot).toBeNull();
  });
});

describe('planFor: what is built, and what is said not to be', () => {
  it.each([
    ['a recipe box where I save recipes and filter by tag', 'collection', null],
    ['Build me a consumer app for home cooks that turns what is in the fridge into recipe ideas', 'consumer', 'recipes'],
    ['multiplayer chess with a lobby', 'game', 'tictactoe'],
    ['habit tracker', 'consumer', 'habits'],
    ['todo list with tags', 'collection', null],
    ['a one-page site for my yoga studio with pricing and a contact form', 'landing', 'service'],
    ['landing page for my chat app', 'landing', 'product'],
    ['Sprint board for our dev team with a backlog', 'kanban', null],
    ['something nice for my grandma', 'consumer', 'habits'],
    // Keeping recipes is a list of them, not the fridge app; sets and reps are kept in a workout log.
    ['a place to keep my recipes with ingredients and cooking time', 'collection', null],
    ['an app where I can track my sets and reps', 'collection', null],
  ])('%s → %s %s', (prompt, family, variant) => {
    expect(planFor(prompt)).toMatchObject({ family, variant });
  });

  it('says what cannot be built at all, and what the built app lacks', () => {
    expect(planFor('multiplayer chess with a lobby').cannot).toBe('chess');
    expect(planFor('a pomodoro timer').cannot).toBe('a timer');
    expect(planFor('something nice for my grandma').vague).toBe(true);
    expect(planFor('a habit tracker with a chart').missingWants).toEqual(['chart']);
    expect(planFor('a workout log with a chart').missingWants).toEqual([]);
  });

  it('breaks a tie between families by the one the prompt names first, not the catalogue’s order', () => {
    expect(planFor('an admin panel for my crm').family).toBe('internal');
    expect(planFor('a crm with an admin panel').family).toBe('b2b');
  });
});
