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

  it('says what it could not compose', () => {
    expect(composed('inventory for my etsy shop with stock levels and low stock filter').unbuilt).toEqual(['filter']);
    expect(composed('a list of my sneakers with a chart').unbuilt).toEqual(['chart']);
  });
});
