import { describe, expect, it } from 'vitest';
import { extractColours, seedFromColours } from './colours';
import { extractCardFields, extractColumns, extractName, extractSubject, extractTargetSize } from './details';
import { classify } from './families';
import { extractFormFields, fieldFromWords } from './fields';
import { extractSections, sectionIn } from './sections';

describe('colours and palette words', () => {
  it('reads named CSS colours and designer names, with their roles', () => {
    const r = extractColours('Use a navy background with coral buttons and ivory text');
    expect(r.colours.map((c) => [c.name, c.role])).toEqual([
      ['navy', 'background'],
      ['coral', 'primary'],
      ['ivory', 'foreground'],
    ]);
    expect(extractColours('Colours: rebeccapurple and lightseagreen').colours.map((c) => c.hex)).toEqual(['#663399', '#20b2aa']);
  });

  it('applies modifiers: deep, pastel, dusty', () => {
    const [deep, pastel] = extractColours('a deep teal and pastel pink palette').colours;
    expect(deep!.name).toBe('deep teal');
    expect(pastel!.name).toBe('pastel pink');
    expect(pastel!.hex).not.toBe('#ec4899');
  });

  it('ignores colour words that are not about colour', () => {
    expect(extractColours('plenty of white space and clean typography').colours).toEqual([]);
    expect(extractColours('A menu with hot chocolate and a gold plan').colours).toEqual([]);
    expect(extractColours('A gold and black colour scheme').colours.map((c) => c.name)).toEqual(['gold', 'black']);
  });

  it('tells dark mode from dark colours', () => {
    expect(extractColours('a dark UI').mode).toBe('dark');
    expect(extractColours('dark green accents').mode).toBeNull();
    expect(extractColours('in a light theme please').mode).toBe('light');
  });

  it('maps palette words to curated palettes', () => {
    expect(extractColours('an earthy palette').palette).toBe('earthy');
    expect(extractColours('pastel colours').palette).toBe('pastel');
    expect(extractColours('minimalist and clean').palette).toBe('neutral');
    expect(extractColours('luxury feel').palette).toBe('luxury');
  });

  it('gives roles to colours named without them: pale → background, very dark → text, others → primary, accent', () => {
    const seed = seedFromColours(extractColours('an earthy palette of terracotta, sage green, sand and warm browns').colours)!;
    expect(seed.primary).toBe('#c2613f');
    expect(seed.accent).toBe('#8a9a7b');
    expect(seed.background).toMatch(/^#f/);
    expect(seed.foreground).toBeDefined();
    expect(seedFromColours(extractColours('make it purple').colours)).toEqual({ primary: '#7e22ce' });
  });
});

describe('subject, audience, name', () => {
  it('reads the template shape exactly', () => {
    expect(extractSubject('Build me a B2B app for small marketing agencies that tracks client retainers')).toEqual({
      subject: 'small marketing agencies',
      audience: 'small marketing agencies',
      purpose: 'Tracks client retainers',
    });
    expect(extractSubject('Build me a client portal for a law practice that gives each client a thread').audience).toBeNull();
  });

  it('takes the first "for …" of the first sentence only', () => {
    expect(extractSubject('Build a project manager for a creative agency with a board. Columns for To do and Done.').subject).toBe('creative agency');
    expect(extractSubject('Build an app. It is for example only.').subject).toBeNull();
    expect(extractSubject('Visitors pick a date').audience).toBe('visitors');
  });

  it('reads explicit names', () => {
    expect(extractName("A to-do app called 'Tidy'")).toBe('Tidy');
    expect(extractName('A game named Star Hopper for kids')).toBe('Star Hopper');
    expect(extractName('a game for kids')).toBeNull();
  });
});

describe('fields, sections, columns, sizes', () => {
  it('reads field lists in several spellings', () => {
    expect(extractFormFields('enter their name, email and phone number').map((f) => f.name)).toEqual(['name', 'email', 'phone']);
    expect(extractFormFields('a form with name/email/phone').map((f) => f.name)).toEqual(['name', 'email', 'phone']);
    expect(extractFormFields('ask for company, budget and a message').map((f) => f.type)).toEqual(['text', 'number', 'textarea']);
    expect(extractFormFields('client names and their results')).toEqual([]);
  });

  it('makes a field from a few words', () => {
    expect(fieldFromWords('company')).toMatchObject({ name: 'company', type: 'text' });
    expect(fieldFromWords('dietary requirements')).toMatchObject({ name: 'dietaryRequirements', label: 'Dietary requirements', type: 'textarea' });
    expect(fieldFromWords('number of guests')).toMatchObject({ name: 'guests', type: 'number' });
    expect(fieldFromWords('move-in date')).toMatchObject({ type: 'date' });
  });

  it('reads sections in page order and the one a follow-up means', () => {
    expect(extractSections('a hero, pricing tiers, an FAQ and a waitlist')).toEqual(['hero', 'pricing', 'faq', 'signup']);
    expect(sectionIn('add a section with testimonials')).toBe('testimonials');
    expect(sectionIn('add frequently asked questions')).toBe('faq');
    expect(sectionIn('make it blue')).toBeNull();
  });

  it('reads kanban columns and card fields', () => {
    expect(extractColumns('Columns for To do, In progress, In review and Done hold task cards')).toEqual(['To do', 'In progress', 'In review', 'Done']);
    expect(extractColumns('with stages: Idea, Draft, Review, Live.')).toEqual(['Idea', 'Draft', 'Review', 'Live']);
    expect(extractColumns('a table with columns')).toEqual([]);
    expect(extractCardFields('each card shows the task title, client, assignee and due date.')).toEqual(['client', 'assignee', 'due date']);
    // A clause in the list names no field.
    expect(extractCardFields('cards show the client, the person i assigned and their due date')).toEqual(['client', 'due date']);
  });

  it('reads size targets in KB and MB', () => {
    expect(extractTargetSize('under 500kb')).toBe(500_000);
    expect(extractTargetSize('to 2 MB')).toBe(2_000_000);
    expect(extractTargetSize('no size')).toBeNull();
  });
});

describe('classification scores', () => {
  it('scores every family and explains the choice', () => {
    const c = classify('A Trello-style kanban with drag and drop');
    expect(c.family).toBe('kanban');
    expect(c.matched).toEqual(['kanban', 'Trello-style', 'drag and drop']);
    expect(c.ranked[0]).toEqual({ family: 'kanban', score: 14, first: expect.any(Number) });
    expect(c.ranked).toHaveLength(10);
  });
});
