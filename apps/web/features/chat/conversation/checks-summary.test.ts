import { describe, expect, it } from 'vitest';
import { checksSummary } from './checks-summary';

describe('checksSummary', () => {
  it('says what was tried, in the checks’ own words', () => {
    expect(checksSummary([{ name: 'Adding a plant lists it', ok: true }])).toBe('Tested: adding a plant lists it ✓');
    expect(
      checksSummary([
        { name: 'Adding a plant lists it', ok: true },
        { name: 'CSV export works', ok: true },
        { name: 'Search finds a plant', ok: true },
      ]),
    ).toBe('Tested: adding a plant lists it ✓ and 2 more');
    expect(checksSummary([{ name: 'CSV export works', ok: true }])).toBe('Tested: CSV export works ✓');
  });

  it('names the first that failed', () => {
    expect(checksSummary([{ name: 'Adding a plant lists it', ok: false }])).toBe('Not working yet: adding a plant lists it');
    expect(
      checksSummary([
        { name: 'Adding a plant lists it', ok: true },
        { name: 'Search finds a plant', ok: false },
        { name: 'A plant can be removed', ok: false },
      ]),
    ).toBe('Not working yet: search finds a plant (2 of 3 tests)');
    expect(checksSummary([])).toBe('Nothing to test');
  });
});
