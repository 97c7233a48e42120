import { describe, expect, it } from 'vitest';
import { FIELD_TALK, fieldIntent, renameFieldOf } from './field-phrases';

describe('field phrases', () => {
  it('reads a field request after another request in the same message', () => {
    expect(fieldIntent('make it dark and also track the price')).toMatchObject({ kind: 'add-field', words: 'price' });
    expect(fieldIntent('call it Zen, then include the due date')).toMatchObject({ kind: 'add-field', words: 'due date' });
    expect(fieldIntent('make it dark and drop the notes')).toMatchObject({ kind: 'remove-field', name: 'notes' });
    // …and before one.
    expect(fieldIntent('add a column for the budget and make it dark')).toMatchObject({ kind: 'add-field', words: 'budget' });
    expect(fieldIntent('remove the phone field, then add a company field')).toMatchObject({ kind: 'remove-field', name: 'phone' });
  });

  it('needs a word saying the field comes on top before a verb of keeping means one more field', () => {
    expect(fieldIntent('track the price')).toBeNull();
    expect(fieldIntent('track the price as well')).toMatchObject({ kind: 'add-field', words: 'price' });
  });

  it('takes sections, features and page parts asked for without a field word for what they are', () => {
    for (const m of ['include our address', 'include my instagram link', 'also track tags', 'include a photo', 'include pricing', 'drop the map'])
      expect(fieldIntent(m), m).toBeNull();
    // With a field word the person said it is a field.
    expect(fieldIntent('add an address field')).toMatchObject({ kind: 'add-field', words: 'address' });
    // A known form field is one even when a section has its name.
    expect(fieldIntent('include the dates')).toMatchObject({ kind: 'add-field', field: { name: 'date' } });
  });

  it('keeps the new name as typed, and says when no field word was used', () => {
    expect(renameFieldOf('Rename the supplier column to Vendor GmbH')).toEqual({
      kind: 'rename-field',
      from: 'supplier',
      to: 'Vendor GmbH',
      form: null,
      column: true,
    });
    expect(renameFieldOf('rename Notes to Comments')).toEqual({ kind: 'rename-field', from: 'notes', to: 'Comments', form: null, orApp: true });
    expect(renameFieldOf('rename it to Zen')).toBeNull();
    expect(renameFieldOf('rename the title to Zen')).toBeNull();
  });

  it('is looked for only in messages that may be about a field', () => {
    expect(FIELD_TALK.test('add a supplier column')).toBe(true);
    expect(FIELD_TALK.test('add the supplier to the form')).toBe(true);
    expect(FIELD_TALK.test('add a pricing section')).toBe(false);
    expect(FIELD_TALK.test('make it dark')).toBe(false);
  });
});
