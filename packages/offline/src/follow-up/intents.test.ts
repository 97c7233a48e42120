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

  it('finds nothing in requests it cannot do', () => {
    expect(detectIntents('make the header bigger')).toEqual([]);
    expect(detectIntents('add user accounts with login')).toEqual([]);
    expect(detectIntents('why is the button not working?')).toEqual([]);
  });
});
