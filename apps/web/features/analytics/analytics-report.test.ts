import type { SiteAnalytics } from '@sprout/core/contract';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AnalyticsReport } from './analytics-report';

const report = (over: Partial<SiteAnalytics> = {}): SiteAnalytics => ({
  days: 2,
  pageViews: 1234,
  visitors: 3,
  pages: [{ path: '/shop', views: 1000, visitors: 2 }],
  referrers: [{ source: 'Direct', visitors: 3 }],
  devices: [
    { device: 'mobile', visitors: 2 },
    { device: 'desktop', visitors: 1 },
  ],
  byDay: [
    { day: '2026-12-01', pageViews: 1000, visitors: 2 },
    { day: '2026-12-02', pageViews: 234, visitors: 1 },
  ],
  events: [],
  ...over,
});
const html = (r: SiteAnalytics) => renderToStaticMarkup(createElement(AnalyticsReport, { report: r }));
const testIdText = (markup: string, id: string) => markup.match(new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`))?.[1];

describe('AnalyticsReport', () => {
  it('shows the two headline figures as the numbers alone, under their names', () => {
    const markup = html(report());
    expect(testIdText(markup, 'analytics-visitors')).toBe('3');
    expect(testIdText(markup, 'analytics-page-views')).toBe('1,234');
    expect(markup).toMatch(/<dt[^>]*>Visitors<\/dt>/);
    expect(markup).toMatch(/<dt[^>]*>Page views<\/dt>/);
  });

  it('has a bar per day that says its day and figures', () => {
    const markup = html(report());
    expect(markup.match(/data-testid="analytics-day"/g)).toHaveLength(2);
    expect(markup).toContain('title="Dec 1: 2 visitors, 1,000 page views"');
    expect(markup).toContain('title="Dec 2: 1 visitor, 234 page views"');
  });

  it('lists devices by name with their share, and says so when a list is empty', () => {
    const markup = html(report());
    expect(markup).toMatch(/Mobile<\/th><td[^>]*>2<\/td><td[^>]*>67%<\/td>/);
    expect(markup).toMatch(/Desktop<\/th><td[^>]*>1<\/td><td[^>]*>33%<\/td>/);
    expect(markup).toContain('data-testid="analytics-events-empty"');
    expect(markup).not.toContain('data-testid="analytics-pages-empty"');
  });
});
