import { describe, expect, it } from 'vitest';
import { detectIntents } from './intents';

const kinds = (m: string) => detectIntents(m).map((i) => i.kind);

describe('follow-up intents', () => {
  it.each([
    ['make it dark', true],
    ['Make it dark', true],
    ['switch to dark mode', true],
    ['dark mode please', true],
    ['can you turn the site darker', true],
    ['make it light again', false],
    ['back to light', false],
    ['light mode', false],
  ])('%s → mode dark=%s', (message, dark) => {
    expect(detectIntents(message)).toEqual([{ kind: 'mode', dark }]);
  });

  it('takes colours as a palette, not as dark mode', () => {
    const [i] = detectIntents('make the buttons dark green');
    expect(i).toMatchObject({ kind: 'palette', note: 'dark green' });
    expect(detectIntents('use navy and gold')[0]).toMatchObject({ kind: 'palette', note: 'navy and gold' });
    expect(detectIntents('use an earthy palette')[0]).toMatchObject({ kind: 'palette', note: 'the earthy palette' });
    expect(detectIntents('go back to neutral colours')[0]).toEqual({ kind: 'palette', seed: null, note: 'neutral greys' });
    expect(kinds('make the background black')).toEqual(['mode', 'palette']);
  });

  it.each([
    ['call it Northwind', 'Northwind'],
    ['Rename the app to "Bloom & Co"', 'Bloom & Co'],
    ['change the title to Studio Board.', 'Studio Board'],
    ['name it Zen Studio and make it dark', 'Zen Studio'],
    ['rename it to Pulse', 'Pulse'],
  ])('%s → rename to %s', (message, name) => {
    expect(detectIntents(message).find((i) => i.kind === 'rename')).toEqual({ kind: 'rename', name });
  });

  it('carries several intents in one message', () => {
    expect(kinds('name it Zen Studio and make it dark')).toEqual(['mode', 'rename']);
  });

  it('reads sections to add and remove, with a position', () => {
    expect(detectIntents('add an FAQ section')).toEqual([{ kind: 'add-section', section: 'faq', after: null, before: null }]);
    expect(detectIntents('add a pricing section after the features')).toEqual([{ kind: 'add-section', section: 'pricing', after: 'features', before: null }]);
    expect(detectIntents('put testimonials before the FAQ')).toEqual([{ kind: 'add-section', section: 'testimonials', after: null, before: 'faq' }]);
    expect(detectIntents('remove the testimonials')).toEqual([{ kind: 'remove-section', section: 'testimonials' }]);
    expect(detectIntents('Add a map')).toEqual([{ kind: 'add-section', section: 'location', after: null, before: null }]);
  });

  it('reads fields to add and remove', () => {
    expect(detectIntents('add a company field to the booking form')).toEqual([
      { kind: 'add-field', field: { name: 'company', label: 'Company', type: 'text', placeholder: 'Acme Ltd' }, words: 'company', form: 'booking' },
    ]);
    expect(detectIntents('add a field for dietary requirements')[0]).toMatchObject({ kind: 'add-field', field: { type: 'textarea' } });
    expect(detectIntents('also ask for their address')[0]).toMatchObject({ kind: 'add-field', field: { name: 'address' } });
    expect(detectIntents('add a priority field on the cards')[0]).toMatchObject({ kind: 'add-field', form: 'cards' });
    expect(detectIntents('remove the phone field')).toEqual([{ kind: 'remove-field', name: 'phone', form: null }]);
  });

  // The same change in the words people use for it; the field's type still comes from its words.
  it.each([
    ['add a column for the supplier', 'supplier', 'text'],
    ['add a supplier column', 'supplier', 'text'],
    ['add supplier column', 'supplier', 'text'],
    ['add an input for the due date', 'due date', 'date'],
    ['add a price input', 'price', 'number'],
    ['add a property colour', 'colour', 'text'],
    ['add an attribute cost per kg', 'cost per kg', 'number'],
    ['add the supplier to the form', 'supplier', 'text'],
    ['add a place to enter the due date', 'due date', 'date'],
    ['add a spot for their allergies', 'allergies', 'text'],
    ['also track the price', 'price', 'number'],
    ['I also want to record the supplier', 'supplier', 'text'],
    ['let me record the cost per kg too', 'cost per kg', 'number'],
    ['include the due date', 'due date', 'date'],
    ['Please include their company name.', 'company name', 'text'],
  ])('%s → adds the %s field (%s)', (message, words, type) => {
    const [intent, ...rest] = detectIntents(message);
    expect(rest).toEqual([]);
    expect(intent).toMatchObject({ kind: 'add-field', words, field: { type } });
  });

  it('notes that a column was asked for (a stage, on a board)', () => {
    expect(detectIntents('add a supplier column')[0]).toMatchObject({ kind: 'add-field', column: true });
    expect(detectIntents('add a supplier field')[0]).not.toHaveProperty('column');
  });

  it.each([
    ['remove the supplier column', 'supplier'],
    ['delete the due date field', 'due date'],
    ['drop the supplier', 'supplier'],
    ['get rid of the cost per kg column', 'cost per kg'],
    ["I don't need the phone field", 'phone'],
    ['no phone field', 'phone'],
    ['remove the field called notes', 'notes'],
  ])('%s → removes the %s field', (message, name) => {
    expect(detectIntents(message)).toEqual([expect.objectContaining({ kind: 'remove-field', name })]);
  });

  it.each([
    ['rename the supplier field to Vendor', 'supplier', 'Vendor', false],
    ['rename supplier to Vendor', 'supplier', 'Vendor', true],
    ['call the notes field Comments', 'notes', 'Comments', false],
    ['change the due date column to Deadline', 'due date', 'Deadline', false],
    ['change the name of the phone field to Mobile number', 'phone', 'Mobile number', false],
    ['change the name field to Your name', 'name', 'Your name', false],
    ['rename the notes field to “Thoughts” and make it dark', 'notes', 'Thoughts', false],
  ])('%s → renames the %s field to %s', (message, from, to, orApp) => {
    const rename = detectIntents(message).find((i) => i.kind === 'rename-field');
    expect(rename).toMatchObject({ from, to });
    expect(rename && 'orApp' in rename).toBe(orApp);
    expect(detectIntents(message).some((i) => i.kind === 'rename')).toBe(false);
  });

  it('says it cannot change a field’s type, rather than naming the field after a type', () => {
    expect(kinds('change the price field to a number')).toEqual(['cannot']);
  });

  it('leaves requests that mean something else to their own intents, or to none', () => {
    expect(detectIntents('rename it to Zen')).toEqual([{ kind: 'rename', name: 'Zen' }]);
    expect(detectIntents('rename the app to Zen')).toEqual([{ kind: 'rename', name: 'Zen' }]);
    expect(detectIntents('change the title to Studio Board')).toEqual([{ kind: 'rename', name: 'Studio Board' }]);
    expect(kinds('add a pricing section')).toEqual(['add-section']);
    expect(kinds('include testimonials')).toEqual(['add-section']);
    expect(kinds('drop the testimonials')).toEqual(['remove-section']);
    expect(kinds('add a dark mode toggle')).toEqual(['cannot']);
    expect(kinds('make the buttons dark green')).toEqual(['palette']);
    for (const m of ['add a chart', 'add tags', 'add a filter', 'remove the search', 'include a chart', 'also track my progress', 'add a search field'])
      expect(detectIntents(m), m).toEqual([]);
  });

  it('finds nothing in requests it cannot do', () => {
    expect(detectIntents('make the header bigger')).toEqual([]);
    expect(detectIntents('add user accounts with login')).toEqual([]);
    expect(detectIntents('why is the button not working?')).toEqual([]);
  });
});
