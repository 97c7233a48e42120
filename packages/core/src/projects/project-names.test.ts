import { describe, expect, it } from 'vitest';
import { GENERATED_NAME_MAX, nameFromSummary, nameFromTitle, projectNameFromBuild } from './project-names';

const html = (title: string) => `<!doctype html><html><head><meta charset="UTF-8" /><title>${title}</title></head><body></body></html>`;

describe('nameFromTitle', () => {
  it("takes the app's own title", () => {
    expect(nameFromTitle(html('Fridge to Table'))).toBe('Fridge to Table');
    expect(nameFromTitle(html('Tom &amp; Jerry&#39;s Bakery'))).toBe("Tom & Jerry's Bakery");
  });

  it('drops a tagline after a separator, unless nothing would be left', () => {
    expect(nameFromTitle(html('Fridge to Table — cook from what you have'))).toBe('Fridge to Table');
    expect(nameFromTitle(html('Acme | Home'))).toBe('Acme');
    expect(nameFromTitle(html('Go - the game'))).toBe('Go - the game');
  });

  it("ignores the starter's title, tool defaults, empty and missing titles", () => {
    for (const t of ['Sprout starter', 'Vite App', 'Vite + React + TS', 'React App', 'Document', '  ', '']) expect(nameFromTitle(html(t))).toBeNull();
    expect(nameFromTitle('<html><body>no title</body></html>')).toBeNull();
    expect(nameFromTitle(undefined)).toBeNull();
  });

  it('refuses markup and control characters, and cuts long titles at a word', () => {
    expect(nameFromTitle(html('{name} app'))).toBeNull();
    expect(nameFromTitle(html('Bad\u0007name'))).toBeNull();
    const long = nameFromTitle(html('The Extraordinarily Thorough Neighbourhood Plant Watering Schedule Keeper'))!;
    expect(long.length).toBeLessThanOrEqual(GENERATED_NAME_MAX);
    expect(long).toBe('The Extraordinarily Thorough');
  });
});

describe('nameFromSummary', () => {
  it('names what was made, without its description', () => {
    expect(nameFromSummary('Built Fridge to Table, a recipe finder')).toBe('Fridge to Table');
    expect(nameFromSummary('Built the Harbour Yoga landing page')).toBe('Harbour Yoga landing page');
    expect(nameFromSummary('Created a recipe box with tags and filters.')).toBe('Recipe box');
    expect(nameFromSummary('Made a kanban board for my agency')).toBe('Kanban board');
    expect(nameFromSummary('built   a  tip calculator — splits bills')).toBe('Tip calculator');
  });

  it('names nothing for a change, an empty or a missing summary', () => {
    for (const s of ['Added dark mode', 'Fixed errors the preview reported', 'Updated 3 files', '', '   ', null, undefined])
      expect(nameFromSummary(s)).toBeNull();
    expect(nameFromSummary('Built a, b')).toBeNull();
  });
});

describe('projectNameFromBuild', () => {
  it("prefers the app's title to its summary, and falls back to the summary", () => {
    expect(projectNameFromBuild({ indexHtml: html('Fridge to Table'), summary: 'Built a recipe app' })).toBe('Fridge to Table');
    expect(projectNameFromBuild({ indexHtml: html('Sprout starter'), summary: 'Built a recipe app' })).toBe('Recipe app');
    expect(projectNameFromBuild({ indexHtml: html('Sprout starter'), summary: 'Added a button' })).toBeNull();
    expect(projectNameFromBuild({})).toBeNull();
  });
});
