import { describe, expect, it } from 'vitest';
import { pageText, withoutPageText } from './page-text';

const page = (title: string, description: string) =>
  `<!doctype html><html><head><meta charset="UTF-8" /><title>${title}</title><meta name="description" content="${description}" /></head><body><div id="root"></div></body></html>`;

describe('pageText', () => {
  it('reads the title and description as the browser shows them', () => {
    expect(pageText(page('Tom &amp; Jerry’s  board', 'Plan &quot;sprints&quot;'))).toEqual({
      title: 'Tom & Jerry’s board',
      description: 'Plan "sprints"',
      htmlClass: null,
    });
    expect(pageText("<head><meta content='Single quoted' name='description'></head>")).toEqual({ title: null, description: 'Single quoted', htmlClass: null });
    expect(pageText('<html lang="en" class=" dark  compact"><body></body></html>')).toEqual({ title: null, description: null, htmlClass: 'dark compact' });
  });
});

describe('withoutPageText', () => {
  it('is the same for two pages that differ only in title, description and the classes on <html>', () => {
    expect(withoutPageText(page('Fridge to Table', 'Recipes from what you have'))).toBe(withoutPageText(page('Northwind', 'Another line')));
    const light = page('A', 'B').replace('<html>', '<html lang="en">');
    expect(withoutPageText(light.replace('<html lang="en">', '<html lang="en" class="dark">'))).toBe(withoutPageText(light));
  });

  it('still tells apart pages that differ anywhere else', () => {
    const other = page('Fridge to Table', 'Recipes').replace('<div id="root">', '<div id="app">');
    expect(withoutPageText(other)).not.toBe(withoutPageText(page('Fridge to Table', 'Recipes')));
    // A class elsewhere is part of the page.
    expect(withoutPageText(page('A', 'B').replace('<body>', '<body class="dark">'))).not.toBe(withoutPageText(page('A', 'B')));
  });
});
