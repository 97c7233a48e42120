import { describe, expect, it } from 'vitest';
import { exportFileName } from './api';

describe('the export', () => {
  it('is named like the API names it', () => {
    expect(exportFileName({ displayName: 'Sprout - 537', publicUrl: null })).toBe('sprout-537.zip');
    expect(exportFileName({ displayName: 'Renamed later', publicUrl: 'http://garden-ab12.sites.localhost:3001' })).toBe('garden-ab12.zip');
  });
});
