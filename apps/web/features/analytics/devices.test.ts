import { describe, expect, it } from 'vitest';
import { deviceRows } from './devices';

describe('deviceRows', () => {
  it('names each device and gives its share of the visitors, in the report’s order', () => {
    expect(
      deviceRows([
        { device: 'mobile', visitors: 2 },
        { device: 'desktop', visitors: 1 },
      ]),
    ).toEqual([
      { device: 'mobile', label: 'Mobile', visitors: 2, share: '67%' },
      { device: 'desktop', label: 'Desktop', visitors: 1, share: '33%' },
    ]);
    expect(deviceRows([{ device: 'tablet', visitors: 4 }])).toEqual([{ device: 'tablet', label: 'Tablet', visitors: 4, share: '100%' }]);
  });

  it('shows a few among many as under one percent rather than none', () => {
    const rows = deviceRows([
      { device: 'desktop', visitors: 999 },
      { device: 'tablet', visitors: 1 },
    ]);
    expect(rows.map((r) => r.share)).toEqual(['100%', '<1%']);
  });

  it('gives no share of nobody', () => {
    expect(deviceRows([{ device: 'desktop', visitors: 0 }])[0]!.share).toBe('0%');
    expect(deviceRows([])).toEqual([]);
  });
});
