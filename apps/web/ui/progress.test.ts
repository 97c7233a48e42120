import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Progress } from './progress';

const html = (value: number | null | undefined) => renderToStaticMarkup(createElement(Progress, { value, 'aria-label': 'Messages' }));

describe('Progress', () => {
  it('is a progressbar with its value, clamped to 0–100, and the state it is styled by', () => {
    expect(html(42)).toContain('role="progressbar"');
    expect(html(42)).toContain('aria-valuenow="42"');
    expect(html(42)).toContain('aria-valuetext="42%"');
    expect(html(42)).toContain('aria-label="Messages"');
    expect(html(42)).toContain('data-state="loading"');
    expect(html(42)).toContain('translateX(-58%)');
    expect(html(250)).toContain('aria-valuenow="100"');
    expect(html(250)).toContain('data-state="complete"');
    expect(html(-5)).toContain('aria-valuenow="0"');
  });

  it('is indeterminate without a number', () => {
    for (const v of [null, undefined, Number.NaN]) {
      expect(html(v)).toContain('data-state="indeterminate"');
      expect(html(v)).not.toContain('aria-valuenow');
    }
  });
});
