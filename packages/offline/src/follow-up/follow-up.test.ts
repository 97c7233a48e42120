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
