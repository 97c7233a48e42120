import { describe, expect, it } from 'vitest';
import { extractRecordFields, recordField } from './record-fields';

describe('record fields named in a prompt', () => {
  it('ends a list at a blank line: an approved plan’s answer after it is not a field', () => {
    const request = 'i want a workout log where i record sets, reps and weight\n\nWhat else should it have? A chart of weight over time';
    expect(extractRecordFields(request).fields.map((f) => f.label)).toEqual(['Sets', 'Reps', 'Weight']);
  });

  it('keeps the words before a colon out of the first field, after a verb too', () => {
    const labels = (prompt: string) => extractRecordFields(prompt).fields.map((f) => f.label);
    expect(labels('i want to log my reading: title, author, pages')).toEqual(['Title', 'Author', 'Pages']);
    expect(labels('track my books: title, author, pages read')).toEqual(['Title', 'Author', 'Pages read']);
  });

  it('reads lists after "with", a verb, a colon or between dashes, with a type per field', () => {
    expect(extractRecordFields('coffee tasting notes: bean, roaster, rating, notes, tags')).toEqual({
      fields: [
        { name: 'bean', label: 'Bean', type: 'text' },
        { name: 'roaster', label: 'Roaster', type: 'text' },
        { name: 'rating', label: 'Rating', type: 'rating' },
        { name: 'notes', label: 'Notes', type: 'textarea' },
      ],
      features: ['tags'],
    });
    expect(extractRecordFields('hiking log with distance, elevation, date and a chart').fields.map((f) => [f.name, f.type])).toEqual([
      ['distance', 'number'],
      ['elevation', 'number'],
      ['date', 'date'],
    ]);
    expect(extractRecordFields('gift list w/ who its for, price and a bought checkbox').fields.map((f) => f.label)).toEqual(['Who its for', 'Price', 'Bought']);
  });

  it('keeps examples of tags and features out of the fields, and needs a real list', () => {
    expect(extractRecordFields('log books with title, author, rating 1-5 and tags like fiction, sci-fi').fields.map((f) => f.name)).toEqual([
      'title',
      'author',
      'rating',
    ]);
    expect(extractRecordFields('a habit tracker with streaks').fields).toEqual([]);
    expect(extractRecordFields('make it dark with a minimalist design and mobile layout').fields).toEqual([]);
  });

  it('takes the nouns out of the clause around a list, never the clause itself', () => {
    const names = (prompt: string) => extractRecordFields(prompt).fields.map((f) => f.name);
    expect(names('a workout log where i record sets, reps and weight')).toEqual(['sets', 'reps', 'weight']);
    expect(names('an app where I can track my sets and reps')).toEqual(['sets', 'reps']);
    expect(names('a log where i record the books i read with author and rating')).toEqual(['author', 'rating']);
    expect(names('a place to keep my recipes with ingredients and cooking time')).toEqual(['ingredients', 'cookingTime']);
    expect(names('i want to note the title of the book, the author and their rating')).toEqual(['title', 'author', 'rating']);
  });

  it('types a field from its words', () => {
    expect(recordField('watched checkbox')).toEqual({ name: 'watched', label: 'Watched', type: 'checkbox' });
    expect(recordField('number of guests')).toMatchObject({ name: 'numberOfGuests', type: 'number' });
    expect(recordField('link')).toMatchObject({ type: 'url' });
  });
});
