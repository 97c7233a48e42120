import { composeTemplatePrompt, QUICK_START_CHIPS, TEMPLATE_CATEGORIES } from '@sprout/core';
import { describe, expect, it } from 'vitest';
import { understand } from './understand';

const chip = (id: string) => QUICK_START_CHIPS.find((c) => c.id === id)!.prompt;
const templates = TEMPLATE_CATEGORIES.flatMap((c) => c.templates.map((t) => ({ category: c.id, prompt: composeTemplatePrompt(c.label, t.for, t.that), t })));

const CATEGORY_FAMILY = {
  'b2b app': 'b2b',
  'client portal': 'portal',
  'consumer app': 'consumer',
  'internal tool': 'internal',
  'landing page': 'landing',
} as const;

describe('understand: the quick-start chips', () => {
  it('agency project manager → kanban with the named columns, card fields and a minimalist neutral look', () => {
    const s = understand(chip('agency-project-manager'));
    expect(s.family).toBe('kanban');
    expect(s.classification.confident).toBe(true);
    expect(s.columns).toEqual(['To do', 'In progress', 'In review', 'Done']);
    expect(s.cardFields).toEqual(['client', 'assignee', 'due date']);
    expect(s.subject.subject).toBe('creative agency');
    expect(s.flags.minimal).toBe(true);
    expect(s.neutral).toBe(true);
    expect(s.colours.colours).toEqual([]);
    expect(s.dark).toBeNull();
  });

  it('appointment scheduler → mobile, name/email/phone and an earthy palette of four named colours', () => {
    const s = understand(chip('appointment-scheduler'));
    expect(s.family).toBe('scheduler');
    expect(s.flags.mobile).toBe(true);
    expect(s.fields.map((f) => f.name)).toEqual(['name', 'email', 'phone']);
    expect(s.fields.map((f) => f.type)).toEqual(['text', 'email', 'tel']);
    expect(s.colours.palette).toBe('earthy');
    expect(s.colours.colours.map((c) => c.name)).toEqual(['terracotta', 'sage green', 'sand', 'warm brown']);
    expect(s.seed).toMatchObject({ primary: '#c2613f', accent: '#8a9a7b' });
    expect(s.seed!.background).toMatch(/^#f/);
    expect(s.limits).toEqual([]);
  });

  it('fitness coach website → a service landing page, dark, with hero, services, testimonials and a call to action', () => {
    const s = understand(chip('fitness-coach-website'));
    expect(s.family).toBe('landing');
    expect(s.variant).toBe('service');
    expect(s.dark).toBe(true);
    expect(s.sections).toEqual(expect.arrayContaining(['hero', 'services', 'testimonials', 'cta']));
    expect(s.subject.subject).toBe('personal fitness coach');
    expect(s.fields).toEqual([]);
  });

  it('image compressor → 200 KB target, no cards, off-white background and dark green accents', () => {
    const s = understand(chip('image-compressor'));
    expect(s.family).toBe('compressor');
    expect(s.targetBytes).toBe(200_000);
    expect(s.flags.noCards).toBe(true);
    expect(s.colours.colours).toEqual([
      { name: 'off-white', hex: '#f7f5ef', role: 'background' },
      { name: 'dark green', hex: '#1f4d3a', role: 'primary' },
    ]);
    // "dark green" is a colour, not a wish for dark mode; "for example 200 KB" is not a subject.
    expect(s.dark).toBeNull();
    expect(s.subject.subject).toBeNull();
  });
});

describe('understand: every template prompt lands in its category', () => {
  it.each(templates)('$prompt', ({ category, prompt, t }) => {
    const s = understand(prompt);
    expect(s.family).toBe(CATEGORY_FAMILY[category]);
    expect(s.classification.confident).toBe(true);
    expect(s.subject.purpose).toBe(t.that.charAt(0).toUpperCase() + t.that.slice(1));
    expect(s.subject.subject).toBe(t.for.replace(/^(?:a|an)\s+/, ''));
  });

  it('picks the consumer app and the kind of landing page from the prompt', () => {
    const variants = templates.filter((t) => t.category === 'consumer app' || t.category === 'landing page').map((t) => understand(t.prompt).variant);
    expect(variants).toEqual(['recipes', 'savings', 'running', 'plants', 'product', 'venue', 'portfolio', 'course']);
  });

  it('reads the sections the landing templates name', () => {
    const sections = templates.filter((t) => t.category === 'landing page').map((t) => understand(t.prompt).sections);
    expect(sections[0]).toEqual(expect.arrayContaining(['features', 'pricing', 'signup']));
    expect(sections[1]).toEqual(expect.arrayContaining(['menu', 'hours', 'location']));
    expect(sections[2]).toEqual(expect.arrayContaining(['gallery', 'testimonials']));
    expect(sections[3]).toEqual(expect.arrayContaining(['curriculum', 'team', 'dates', 'signup']));
  });

  it('says plainly what it cannot do: a live map, accounts where the app has none, roles where it has accounts', () => {
    const field = templates.find((t) => t.t.for === 'field service companies')!;
    const what = (prompt: string) => understand(prompt).limits.map((l) => l.what);
    expect(what(field.prompt).join(' ')).toMatch(/interactive map/);
    expect(understand(field.prompt).limits.map((l) => l.short)).toContain('a map');
    expect(what('A habit tracker with a login').join(' ')).toMatch(/^sign-in and accounts/);
    expect(what('A habit tracker shared with the team in real time').join(' ')).toMatch(/sharing data between people/);
    // A CRM is shared by its signed-in users: sign-in is built, roles are not.
    const crm = understand('Build a CRM with login and user roles');
    expect(crm.family).toBe('b2b');
    expect(crm.limits).toEqual([{ short: 'user roles', what: expect.stringMatching(/^user roles \(every signed-in user/) }]);
    expect(understand('A kanban board for my team, shared with the team in real time').limits).toEqual([]);
  });
});

describe('understand: free-form prompts', () => {
  it.each([
    ['Build a snake game', 'game', 'snake'],
    ['I want to play tic tac toe against the computer', 'game', 'tictactoe'],
    ['a memory matching game with cards', 'game', 'memory'],
    ['Make a simple game', 'game', 'snake'],
    ['habit tracker with streaks', 'consumer', 'habits'],
    ['Track my monthly expenses against a budget', 'consumer', 'expenses'],
    ['a todo list app', 'consumer', 'todo'],
    ['Create a website for my yoga studio with a class schedule', 'landing', 'course'],
    ['Restaurant website with our menu and opening hours', 'landing', 'venue'],
    ['Portfolio site for an illustrator', 'landing', 'portfolio'],
    ['SaaS landing page with pricing and a waitlist', 'landing', 'product'],
    ['Book a table at our restaurant: pick a date and a time slot', 'scheduler', null],
    ['Salon appointment booking for haircuts', 'scheduler', null],
    ['Sprint board for our dev team with a backlog', 'kanban', null],
    ['resize and compress photos to under 1 MB', 'compressor', null],
    ['A CRM for real estate agents to track leads', 'b2b', null],
    ['Admin panel to manage users with bulk actions and CSV export', 'internal', null],
    ['customer portal where clients see their invoices', 'portal', null],
  ] as const)('%s → %s', (prompt, family, variant) => {
    const s = understand(prompt);
    expect(s.family).toBe(family);
    if (variant) expect(s.variant).toBe(variant);
  });

  it('unknown prompts get the closest family, marked as a guess', () => {
    const s = understand('Something nice for my grandmother');
    expect(s.classification.confident).toBe(false);
    expect(s.family).toBe('consumer');
    expect(understand('zxqv').classification.score).toBe(0);
  });

  it('reads names, dark and light wishes, mobile and no-cards in other words', () => {
    expect(understand('Build a kanban board called "Pulse" for my team').name).toBe('Pulse');
    expect(understand('A landing page named Bloom & Co for a florist').name).toBe('Bloom & Co');
    expect(understand('A snake game in dark mode').dark).toBe(true);
    expect(understand('A habit tracker with a light theme').dark).toBe(false);
    expect(understand('Neon arcade snake game').dark).toBe(true);
    expect(understand('A to-do list optimised for phones').flags.mobile).toBe(true);
    expect(understand('An image resizer, flat design, without cards').flags.noCards).toBe(true);
    expect(understand('Compress images to 1.5 MB').targetBytes).toBe(1_500_000);
  });
});
