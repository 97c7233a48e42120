import { describe, expect, it } from 'vitest';
import { normalise, sentenceCase, titleCase } from './text';

describe('titleCase', () => {
  it('raises each word but the small ones after the first', () => {
    expect(titleCase('creative agency')).toBe('Creative Agency');
    expect(titleCase('the best of the week')).toBe('The Best of the Week');
  });

  it('writes acronyms in capitals, whatever case they came in', () => {
    expect(titleCase('wedding rsvp')).toBe('Wedding RSVP');
    expect(titleCase('Team faq')).toBe('Team FAQ');
    expect(titleCase('my crm, csv export')).toBe('My CRM, CSV Export');
    // A word that only contains an acronym's letters is left alone.
    expect(titleCase('hrs tracker')).toBe('Hrs Tracker');
  });
});

describe('text helpers', () => {
  it('normalise lowers the case and straightens quotes and dashes', () => {
    expect(normalise('  Anna’s  “Café” – list ')).toBe('anna\'s "café" - list');
  });

  it('ends a sentence at a blank line, as an approved plan’s answers come in paragraphs of their own', () => {
    expect(normalise('sets, reps and weight\n\nWho should see them? Only me')).toBe('sets, reps and weight. who should see them? only me');
    expect(normalise('A log.\n \nDark theme')).toBe('a log. dark theme');
    expect(normalise('one line\nthe next')).toBe('one line the next');
  });

  it('sentenceCase raises only the first letter', () => {
    expect(sentenceCase(' to do ')).toBe('To do');
  });
});
