import { describe, expect, it } from 'vitest';
import { QUICK_START_CHIPS, TEMPLATE_CATEGORIES, TEMPLATE_CATEGORY_IDS, composeTemplatePrompt } from './templates';
import { PROMPT_COUNTER_FROM, isPromptSubmittable } from './prompt';

describe('prompt templates', () => {
  it('has the five categories of the spec, in order', () => {
    expect(TEMPLATE_CATEGORIES.map((c) => c.id)).toEqual([...TEMPLATE_CATEGORY_IDS]);
    expect(TEMPLATE_CATEGORY_IDS).toEqual(['b2b app', 'client portal', 'consumer app', 'internal tool', 'landing page']);
    expect(TEMPLATE_CATEGORIES.map((c) => c.label)).toEqual(['a B2B app', 'a client portal', 'a consumer app', 'an internal tool', 'a landing page']);
  });

  it('has four distinct, non-blank For/That pairs per category', () => {
    for (const category of TEMPLATE_CATEGORIES) {
      expect(category.templates).toHaveLength(4);
      expect(new Set(category.templates.map((t) => t.for)).size).toBe(4);
      for (const t of category.templates) {
        expect(t.for).toBe(t.for.trim());
        expect(t.that).toBe(t.that.trim());
        expect(t.for.length).toBeGreaterThan(3);
        expect(t.that.split(' ').length).toBeGreaterThanOrEqual(6);
        expect(t.that).not.toMatch(/[.!]$/);
        expect(isPromptSubmittable(composeTemplatePrompt(category.label, t.for, t.that))).toBe(true);
      }
    }
  });

  it('composes exactly "Build me {label} for {For} that {That}"', () => {
    expect(composeTemplatePrompt('a B2B app', 'dentists', 'books appointments')).toBe('Build me a B2B app for dentists that books appointments');
  });

  it('trims stray spaces around the parts but keeps inner text', () => {
    expect(composeTemplatePrompt(' a landing page ', '  a  bakery ', ' sells bread\n')).toBe('Build me a landing page for a  bakery that sells bread');
  });
});

describe('quick-start chips', () => {
  const byTitle = (title: string) => QUICK_START_CHIPS.find((c) => c.title === title)!.prompt;

  it('offers the four chips of the spec', () => {
    expect(QUICK_START_CHIPS.map((c) => c.title)).toEqual(['Agency project manager', 'Appointment scheduler', 'Fitness coach website', 'Image compressor']);
    expect(new Set(QUICK_START_CHIPS.map((c) => c.id)).size).toBe(4);
  });

  it('gives each a complete prompt of 2 to 4 sentences below the counter threshold', () => {
    for (const chip of QUICK_START_CHIPS) {
      expect(chip.prompt.length).toBeLessThan(PROMPT_COUNTER_FROM);
      expect(isPromptSubmittable(chip.prompt)).toBe(true);
      const sentences = chip.prompt.split(/(?<=\.)\s+(?=[A-Z])/);
      expect(sentences.length).toBeGreaterThanOrEqual(2);
      expect(sentences.length).toBeLessThanOrEqual(4);
      expect(chip.prompt.endsWith('.')).toBe(true);
    }
  });

  it('carries every detail of the spec line', () => {
    expect(byTitle('Agency project manager')).toMatch(/Trello-style kanban/);
    expect(byTitle('Agency project manager')).toMatch(/drag and drop/);
    expect(byTitle('Agency project manager')).toMatch(/minimalist/);
    const scheduler = byTitle('Appointment scheduler');
    for (const word of ['date', 'time slot', 'name', 'email', 'phone', 'mobile-optimised', 'earthy']) {
      expect(scheduler).toContain(word);
    }
    const coach = byTitle('Fitness coach website');
    for (const word of ['landing page', 'testimonials', 'call to action', 'initial call', 'dark UI']) expect(coach).toContain(word);
    const compressor = byTitle('Image compressor');
    for (const word of ['upload', 'target file size', 'download button', 'off-white', 'dark green', 'no cards']) {
      expect(compressor).toContain(word);
    }
  });
});
