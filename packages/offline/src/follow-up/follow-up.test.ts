// The follow-up edits themselves. That the edited apps still build is checked with the preview
// builder in apps/api/src/chat/offline-builder.test.ts.

import { QUICK_START_CHIPS } from '@sprout/core';
import { describe, expect, it } from 'vitest';
import { NO_MODEL_NOTE } from '../help';
import { converse, LANDING_FOLLOW_UPS, starter } from '../testing';

const chip = (id: string) => QUICK_START_CHIPS.find((c) => c.id === id)!.prompt;

describe('follow-ups on a landing page', () => {
  const turns = converse([chip('fitness-coach-website'), ...LANDING_FOLLOW_UPS]);
  const [, pricing, noTestimonials, faq, company, noPhone, renamed, light, colours] = turns;

  it('applies every edit cleanly through the protocol', () => {
    expect(turns.flatMap((t) => t.problems)).toEqual([]);
  });

  it('adds and removes sections: the file and two lines of App.tsx', () => {
    expect(pricing!.changed).toEqual(['client/src/sections/Pricing.tsx', 'client/src/App.tsx']);
    const app = pricing!.files.get('client/src/App.tsx')!;
    expect(app.indexOf('<Pricing />')).toBeGreaterThan(app.indexOf('<Services />'));
    expect(app.indexOf('<Pricing />')).toBeLessThan(app.indexOf('<About />'));
    expect(pricing!.answer).toContain('<sprout-edit path="client/src/App.tsx">');
    expect(noTestimonials!.files.has('client/src/sections/Testimonials.tsx')).toBe(false);
    expect(noTestimonials!.files.get('client/src/App.tsx')).not.toContain('Testimonials');
    expect(faq!.changed).toEqual([]);
    expect(faq!.prose).toContain('already has an FAQ section');
  });

  it('adds and removes form fields as lines of config.ts', () => {
    expect(company!.files.get('client/src/config.ts')).toContain(
      "  { name: 'company', label: 'Company', type: 'text', placeholder: 'Acme Ltd', required: false },",
    );
    expect(noPhone!.files.get('client/src/config.ts')).not.toContain("name: 'phone'");
  });

  it('renames the site in its title, config and copy, without touching code', () => {
    expect(renamed!.files.get('client/index.html')).toContain('<title>Iron &amp; Oak Coaching</title>');
    expect(renamed!.files.get('client/src/config.ts')).toContain("name: 'Iron & Oak Coaching'");
    expect([...renamed!.files.values()].some((c) => c.includes('Peak Form Coaching'))).toBe(false);
    expect(renamed!.summary).toBe('Renamed the app from Peak Form Coaching to Iron & Oak Coaching');
  });

  it('switches to light and changes the palette in both modes', () => {
    expect(light!.files.get('client/index.html')).toContain('<html lang="en">');
    const css = colours!.files.get('client/src/index.css')!;
    expect(css).toMatch(/^\/\* Theme: navy and gold \(asked in the chat\)/);
    expect(css).toMatch(/:root \{\n {2}--radius: 0.75rem;\n {2}--background: #[0-9a-f]{6};/);
    expect(colours!.answer).toContain('<sprout-edit path="client/src/index.css">');
  });
});

describe('follow-ups on other families', () => {
  it('adds a field to the scheduler form and to a records table (with its column)', () => {
    const [, notes] = converse([chip('appointment-scheduler'), 'add a notes field']);
    expect(notes!.files.get('client/src/config.ts')).toContain("{ name: 'notes', label: 'Notes', type: 'textarea'");
    const [, region] = converse(['Build me an internal tool for a customer support team that triages incoming tickets by priority', 'add a region field']);
    const config = region!.files.get('client/src/config.ts')!;
    expect(config).toContain("{ name: 'region', label: 'Region', type: 'text', required: false }");
    expect(config).toMatch(/columns: \[[^\]]*'region'\]/);
  });

  it('adds a field to kanban cards', () => {
    const [, priority] = converse([chip('agency-project-manager'), 'add a priority field to the cards']);
    expect(priority!.files.get('client/src/config.ts')).toMatch(/export const cardFields: Field\[\] = \[[\s\S]*name: 'priority'[\s\S]*\n\];/);
  });

  it('renames a game without renaming its code', () => {
    const [, renamed] = converse(['Build a snake game', 'call it Python']);
    expect(renamed!.files.get('client/src/config.ts')).toContain("name: 'Python'");
    expect(renamed!.files.get('client/src/App.tsx')).toContain("from '@/snake/useSnake'");
  });

  it('explains that sections belong to landing pages', () => {
    const [, t] = converse(['Build a snake game', 'add a pricing section']);
    expect(t!.changed).toEqual([]);
    expect(t!.prose).toContain('landing pages');
  });

  it('answers honestly what it cannot do; only staff are told how to connect a model', () => {
    const [, t] = converse([chip('image-compressor'), 'make the header bigger and add user accounts']);
    expect(t!.changed).toEqual([]);
    expect(t!.summary).toBeNull();
    expect(t!.prose).toMatch(/^I can't do “make the header bigger and add user accounts” offline/);
    expect(t!.prose).toContain('offline builder');
    expect(t!.prose).not.toContain('SPROUT_MODEL');
    expect(t!.prose).toContain(NO_MODEL_NOTE);
    const [, staff] = converse([chip('image-compressor'), 'make the header bigger and add user accounts'], undefined, { staff: true });
    expect(staff!.prose).toContain('README section "Connecting a model"');
    expect(staff!.prose).toContain('`SPROUT_MODEL`');
  });

  it('builds a new app when a later message describes one, removing the old app’s files', () => {
    const [kanban, snake] = converse([chip('agency-project-manager'), 'Now build me a snake game']);
    expect(kanban!.files.has('client/src/kanban/Board.tsx')).toBe(true);
    expect(snake!.files.has('client/src/kanban/Board.tsx')).toBe(false);
    expect(snake!.files.get('client/src/config.ts')).toContain('family: game');
    expect(snake!.files.has('client/src/components/ui/button.tsx')).toBe(true);
  });

  it('edits the starter itself when the first message is only "make it dark"', () => {
    const [t] = converse(['make it dark'], starter());
    expect(t!.changed).toEqual(['client/index.html']);
    expect(t!.files.get('client/src/App.tsx')).toContain('Sprout starter');
  });

  it('"make it dark" twice says it already is', () => {
    const [, , again] = converse(['Build a habit tracker', 'make it dark', 'make it dark']);
    expect(again!.changed).toEqual([]);
    expect(again!.prose).toContain('already dark');
  });
});

describe('field edits, in the words people use for them', () => {
  const WORKOUTS = 'a workout log with sets, reps and weight and a progress chart';
  const fieldNames = (config: string | undefined) => [...(config ?? '').matchAll(/^ {2}\{ name: '([^']+)'/gm)].map((m) => m[1]);

  it.each([
    'add a field for the supplier',
    'add a column for the supplier',
    'add a supplier column',
    'add supplier column',
    'add an input for the supplier',
    'add a supplier input',
    'add a property supplier',
    'add the supplier to the form',
    'add a place to enter the supplier',
    'also track the supplier',
    'I also want to record the supplier',
    'let me record the supplier too',
    'include the supplier',
  ])('“%s” adds a Supplier field to the workouts', (message) => {
    const [, t] = converse([WORKOUTS, message]);
    expect(t!.prose).toMatch(/^Done: added a \*\*Supplier\*\* field \(text\) to the records\./);
    expect(t!.prose).not.toContain('Not done');
    expect(t!.changed).toEqual(['client/src/config.ts']);
    expect(fieldNames(t!.files.get('client/src/config.ts'))).toEqual(['exercise', 'sets', 'reps', 'weight', 'date', 'supplier']);
  });

  it('types a field by its words, whichever phrasing adds it', () => {
    const [, cost, due] = converse([WORKOUTS, 'add a cost per kg column', 'include the due date']);
    expect(cost!.files.get('client/src/config.ts')).toContain("{ name: 'costPerKg', label: 'Cost per kg', type: 'number', required: false }");
    expect(due!.files.get('client/src/config.ts')).toContain("{ name: 'dueDate', label: 'Due date', type: 'date', required: false }");
  });

  it.each(['remove the reps column', 'delete the reps field', 'drop reps', 'get rid of the reps column', "I don't need the reps field", 'no reps field'])(
    '“%s” removes the reps field',
    (message) => {
      const [, t] = converse([WORKOUTS, message]);
      expect(t!.prose).toMatch(/^Done: removed the reps field from the records\./);
      expect(fieldNames(t!.files.get('client/src/config.ts'))).toEqual(['exercise', 'sets', 'weight', 'date']);
    },
  );

  it('removes only a field the app has, and keeps the one its chart is built on', () => {
    const [, unknown, chart] = converse([WORKOUTS, 'get rid of the supplier column', 'no weight field']);
    expect(unknown!.prose).toMatch(/^I didn't change anything\. I could not find a “supplier” field in this app\./);
    expect(chart!.prose).toMatch(/^I didn't change anything\. The chart is built on the weight field, so I kept it\./);
    expect(chart!.changed).toEqual([]);
  });

  it('removes a records table’s column from the columns it shows', () => {
    const [, t] = converse(['Build me an internal tool for a customer support team that triages incoming tickets by priority', 'remove the agent column']);
    const config = t!.files.get('client/src/config.ts')!;
    expect(config).not.toContain("name: 'agent'");
    expect(config).toMatch(/columns: \['subject', 'customer', 'priority', 'status', 'response', 'created'\]/);
  });

  it('reads the same phrasings on a landing page’s form', () => {
    const [, budget, email, dropped] = converse([
      chip('fitness-coach-website'),
      'add a column for the budget and make it light',
      'add email to the form',
      'drop the phone',
    ]);
    expect(budget!.prose).toMatch(
      /^Done: switched the app to its light theme\. Added a \*\*Budget\*\* field \(number\) to the form and to its rules in sprout\.data\.json\./,
    );
    expect(email!.prose).toMatch(/^I didn't change anything\. The form already has an email field\./);
    expect(dropped!.files.get('client/src/config.ts')).not.toContain("name: 'phone'");
  });

  it('does not take the section, feature and look requests of other intents for fields', () => {
    const [, chart, tags, filter, toggle, search] = converse([
      WORKOUTS,
      'add a chart',
      'add tags',
      'add a filter',
      'add a dark mode toggle',
      'remove the search',
    ]);
    for (const t of [chart, tags, filter, toggle, search]) expect(t!.changed).toEqual([]);
    expect(search!.prose).toMatch(/^I can't do “remove the search” offline/);
    const [, pricing, testimonials] = converse([chip('fitness-coach-website'), 'add a pricing section', 'include testimonials']);
    expect(pricing!.changed).toContain('client/src/sections/Pricing.tsx');
    expect(testimonials!.prose).toMatch(/^I didn't change anything\. The page already has a testimonials section\./);
    expect(testimonials!.files.get('client/src/config.ts')).not.toContain("name: 'testimonials'");
  });
});
