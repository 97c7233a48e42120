import { describe, expect, it } from 'vitest';
import { csvCell, DAILY_METRICS, emptyDay, reportCsv, reportDays, REPORT_MAX_DAYS, type AnalyticsReport } from './analytics-report';

describe('reportDays', () => {
  it('lists every UTC day, both ends included, across month ends and leap days', () => {
    expect(reportDays('2028-02-27', '2028-03-01')).toEqual(['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01']);
    expect(reportDays('2026-11-20', '2026-11-20')).toEqual(['2026-11-20']);
  });

  it('is empty for a reversed or unreadable range, and bounded', () => {
    expect(reportDays('2026-11-21', '2026-11-20')).toEqual([]);
    expect(reportDays('nope', '2026-11-20')).toEqual([]);
    expect(reportDays('1900-01-01', '2100-01-01').length).toBe(REPORT_MAX_DAYS + 1);
  });
});

describe('csvCell', () => {
  it('quotes what must be quoted and defuses formulas', () => {
    expect(csvCell(12)).toBe('12');
    expect(csvCell(null)).toBe('');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"\n')).toBe('"say ""hi""\n"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    for (const f of ['+1', '-1', '@SUM(A1)']) expect(csvCell(f).startsWith("'")).toBe(true);
  });
});

describe('reportCsv', () => {
  it('writes every part of the report as section, metric, dimension, day, value', () => {
    const day = { ...emptyDay('2026-11-20'), promptsSent: 3 };
    const report: AnalyticsReport = {
      from: '2026-11-20',
      to: '2026-11-20',
      days: [day],
      totals: { ...emptyDay('x'), promptsSent: 3 },
      funnel: [{ step: 'paywall', label: 'Saw a paywall', people: 4 }],
      experiment: { id: 'demo-ab-test', variants: [{ variant: 'original', people: 2, prompted: 1, paywalled: 0, upgraded: 0, published: 0 }] },
      runFailures: [{ kind: 'provider_auth', runs: 2 }],
      fixRounds: [{ rounds: 1, runs: 5 }],
      tokens: [{ model: 'Local, fast', runs: 1, tokensIn: 10, tokensOut: 5, cachedIn: null, uncachedIn: null }],
    };
    const lines = reportCsv(report).trimEnd().split('\r\n');
    expect(lines[0]).toBe('section,metric,dimension,day,value');
    expect(lines).toContain('daily,promptsSent,,2026-11-20,3');
    expect(lines).toContain('total,promptsSent,,,3');
    expect(lines).toContain('funnel,paywall,,,4');
    expect(lines).toContain('experiment:demo-ab-test,people,original,,2');
    expect(lines).toContain('run_failures,runs,provider_auth,,2');
    expect(lines).toContain('fix_rounds,runs,1,,5');
    expect(lines).toContain('tokens,tokensIn,"Local, fast",,10');
    expect(lines.some((l) => l.startsWith('tokens,cachedIn'))).toBe(false);
    expect(lines).toHaveLength(1 + DAILY_METRICS.length * 2 + 1 + 5 + 1 + 1 + 3);
  });
});
