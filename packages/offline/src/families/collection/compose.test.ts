import { describe, expect, it } from 'vitest';
import { understand } from '../../understand/understand';
import { compose } from './compose';
import { kindOf } from './index';

const composed = (prompt: string) => compose(understand(prompt));

describe('compose: the parts of a list, log, board or form', () => {
  it('a list of recipes with tags and search, its title field first', () => {
    const c = composed('a recipe box where I save recipes and filter by tag');
    expect(c).toMatchObject({ collection: 'recipes', form: false, tags: true, search: true, board: null, chart: null, unbuilt: [] });
    expect(c.fields[0]).toMatchObject({ name: 'title', required: true });
    expect(kindOf(c)).toBe('a list of recipes (title, cooking time, ingredients and steps) with tags');
  });

  it('a log with the fields named and a chart of the number asked for, with a date added', () => {
    const c = composed('i want to log my workouts - exercise, sets, reps, weight - and see a chart of my progress');
    expect(c.fields.map((f) => f.name)).toEqual(['exercise', 'sets', 'reps', 'weight', 'date']);
    expect(c.fields.find((f) => f.name === 'weight')).toMatchObject({ type: 'number', unit: 'kg' });
    expect(c.chart).toEqual({ field: 'weight', date: 'date' });
  });

  it('a board with the columns named, and a form with rules-safe names', () => {
    const board = composed('job application tracker with columns applied / interviewing / offer / rejected');
    expect(board.board).toBe('status');
    expect(board.fields.find((f) => f.name === 'status')?.options).toEqual(['Applied', 'Interviewing', 'Offer', 'Rejected']);
    const form = composed('a form with id, created at and email');
    expect(form.form).toBe(true);
    expect(form.fields.map((f) => f.name)).not.toContain('id');
  });

  // A clause around the fields ("where i record…", "the books i read") is not a field: only the
  // nouns the person means are, after the subject's own title field.
  it.each([
    ['a workout log where i record sets, reps and weight', ['Exercise', 'Sets', 'Reps', 'Weight']],
    ['an app where I can track my sets and reps', ['Exercise', 'Sets', 'Reps']],
    ['a log where i record the books i read with author and rating', ['Title', 'Author', 'Rating']],
    ['a place to keep my recipes with ingredients and cooking time', ['Title', 'Ingredients', 'Cooking time']],
    ['a log of the meals i eat with calories and protein', ['Title', 'Calories', 'Protein']],
    ['a list where we keep our board games with the number of players and the play time', ['Title', 'Number of players', 'Play time']],
    ['hiking log with distance, elevation and date', ['Trail', 'Distance', 'Elevation', 'Date']],
  ])('%s → its fields are %j', (prompt, labels) => {
    const c = composed(prompt);
    expect(c.fields.map((f) => f.label)).toEqual(labels);
  });

  it('types the fields it reads out of a clause', () => {
    expect(composed('a place to keep my recipes with ingredients and cooking time')).toMatchObject({
      collection: 'recipes',
      fields: [{ name: 'title' }, { name: 'ingredients', type: 'textarea' }, { name: 'time', type: 'text', placeholder: '30 min' }],
    });
    expect(
      composed('a workout log where i record sets, reps and weight')
        .fields.slice(1)
        .map((f) => [f.name, f.type]),
    ).toEqual([
      ['sets', 'number'],
      ['reps', 'number'],
      ['weight', 'number'],
    ]);
  });

  it('says what it could not compose', () => {
    expect(composed('inventory for my etsy shop with stock levels and low stock filter').unbuilt).toEqual(['filter']);
    expect(composed('a list of my sneakers with a chart').unbuilt).toEqual(['chart']);
  });
});
