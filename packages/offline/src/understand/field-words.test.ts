import { describe, expect, it } from 'vitest';
import { fieldWords } from './field-words';

describe('the noun a field phrase means', () => {
  it.each([
    ['where i record sets', 'sets'],
    ['where I can track my sets', 'sets'],
    ['their cooking time', 'cooking time'],
    ['the supplier too', 'supplier'],
    ['i also want to record the due date', 'due date'],
    ['to keep my recipes', 'recipes'],
    ['the title of the book', 'title'],
    ['the cost per kg', 'cost per kg'],
    ['price for each item', 'price'],
    ['number of guests', 'number of guests'],
    ['track number', 'track number'],
    ['who its for', 'who its for'],
    ['the supplier column', 'supplier'],
  ])('%s → %s', (phrase, words) => {
    expect(fieldWords(phrase)).toBe(words);
  });

  it.each(['i read', 'to keep', 'the books i read', 'that i', 'where we want to', 'record', 'a field that is long enough to be a whole sentence'])(
    '%s names no field',
    (phrase) => {
      expect(fieldWords(phrase)).toBeNull();
    },
  );
});
