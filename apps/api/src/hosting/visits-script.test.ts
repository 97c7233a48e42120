import { describe, expect, it } from 'vitest';
import { withVisitsScript } from './visits-script';

const TAG = '<script src="/_sprout/visits.js" defer></script>';
const served = (html: string) => Buffer.from(withVisitsScript(Buffer.from(html))).toString('utf8');

describe('withVisitsScript', () => {
  it('ends the head with the visits script', () => {
    expect(served('<!doctype html><html><head><title>Shop</title></HEAD ><body></body></html>')).toBe(
      `<!doctype html><html><head><title>Shop</title>${TAG}</HEAD ><body></body></html>`,
    );
  });

  it('puts it before the first script or the body of a page without a head, never before the doctype', () => {
    expect(served('<!doctype html><title>x</title><script src="/a.js"></script>')).toBe(`<!doctype html><title>x</title>${TAG}<script src="/a.js"></script>`);
    expect(served('<!doctype html><body><p>hi</p></body>')).toBe(`<!doctype html>${TAG}<body><p>hi</p></body>`);
    expect(served('<!doctype html><p>hi</p>')).toBe(`<!doctype html><p>hi</p>${TAG}`);
  });

  it('keeps the page’s other characters as they were', () => {
    expect(served('<head><title>Café ☕</title></head>')).toBe(`<head><title>Café ☕</title>${TAG}</head>`);
  });
});
