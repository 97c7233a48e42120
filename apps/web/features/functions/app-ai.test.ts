import type { AppAiSettings } from '@sprout/core/contract';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { aiUse, monthLabel, parseCap } from './app-ai';
import { AppAiUse } from './app-ai-use';

const settings = (over: Partial<AppAiSettings> = {}): AppAiSettings => ({
  month: '2026-07',
  used: { test: { tokensIn: 30_000, tokensOut: 10_000, requests: 12 }, live: { tokensIn: 50_000, tokensOut: 10_000, requests: 1 } },
  monthlyTokenCap: 200_000,
  capIsDefault: true,
  maxMonthlyTokenCap: 1_000_000,
  model: 'Claude Sonnet',
  ...over,
});
const html = (s: AppAiSettings) => renderToStaticMarkup(createElement(AppAiUse, { settings: s }));

describe('aiUse', () => {
  it('adds tokens in and out per dataset, and both datasets against the cap', () => {
    const use = aiUse(settings());
    expect(use.rows.map((r) => [r.key, r.tokens, r.requests])).toEqual([
      ['test', 40_000, 12],
      ['live', 60_000, 1],
    ]);
    expect(use).toMatchObject({ total: 100_000, percent: 50, state: 'room' });
  });

  it('warns near the cap, is full only once it is reached, and counts a zero cap as reached', () => {
    expect(aiUse(settings({ monthlyTokenCap: 120_000 })).state).toBe('near');
    expect(aiUse(settings({ monthlyTokenCap: 100_001 }))).toMatchObject({ state: 'near', percent: 99 });
    expect(aiUse(settings({ monthlyTokenCap: 100_000 }))).toMatchObject({ state: 'reached', percent: 100 });
    expect(aiUse(settings({ monthlyTokenCap: 50_000 }))).toMatchObject({ state: 'reached', percent: 100 });
    expect(aiUse(settings({ monthlyTokenCap: 0 }))).toMatchObject({ state: 'reached', percent: 100 });
    expect(aiUse(settings({ monthlyTokenCap: 50_000_000 })).percent).toBe(1);
  });
});

describe('parseCap', () => {
  it('reads digits with the separators people type', () => {
    expect(parseCap('500000')).toEqual({ cap: 500_000 });
    expect(parseCap(' 2,000,000 ')).toEqual({ cap: 2_000_000 });
    expect(parseCap('2 000 000')).toEqual({ cap: 2_000_000 });
    expect(parseCap('0')).toEqual({ cap: 0 });
  });

  it('says why anything else is not a cap, so it never goes out as null (the default)', () => {
    expect(parseCap('')).toEqual({ problem: 'Enter a number of tokens, like 500,000.' });
    expect(parseCap('-5')).toEqual({ problem: 'The cap cannot be negative.' });
    expect(parseCap('1.5')).toEqual({ problem: 'The cap is a whole number of tokens.' });
    expect(parseCap('1e6')).toEqual({ problem: 'The cap is a whole number of tokens.' });
  });
});

describe('AppAiUse', () => {
  it('shows each dataset’s tokens and requests, and a progressbar of the total against the cap in tokens', () => {
    const out = html(settings());
    expect(out).toContain('40,000 tokens');
    expect(out).toContain('12 requests');
    expect(out).toContain('1 request<');
    expect(out).toContain('role="progressbar"');
    expect(out).toContain('aria-label="AI tokens used this month"');
    expect(out).toContain('aria-valuenow="100000"');
    expect(out).toContain('aria-valuemax="200000"');
    expect(out).toContain('aria-valuetext="100,000 of 200,000 tokens (50%)"');
    expect(out).toContain('Counted for July 2026 (UTC)');
    expect(out).toContain('Claude Sonnet');
    expect(out).not.toContain('AI is not set up');
  });

  it('keeps the value within the cap once it is passed, and says so', () => {
    const out = html(settings({ monthlyTokenCap: 50_000 }));
    expect(out).toContain('aria-valuenow="50000"');
    expect(out).toContain('aria-valuetext="100,000 of 50,000 tokens (100%)"');
    expect(out).toContain('The cap is reached');
  });

  it('says when AI is not set up on this Sprout, and still shows the use', () => {
    const out = html(settings({ model: null }));
    expect(out).toContain('AI is not set up on this Sprout: apps get a short reply saying so.');
    expect(out).toContain('role="progressbar"');
  });
});

describe('monthLabel', () => {
  it('names the API’s month, and keeps what it cannot read', () => {
    expect(monthLabel('2026-01')).toBe('January 2026');
    expect(monthLabel('soon')).toBe('soon');
  });
});
