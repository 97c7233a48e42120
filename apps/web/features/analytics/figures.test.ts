import { describe, expect, it } from 'vitest';
import { counted, figure } from './figures';

describe('the Analytics panel’s numbers', () => {
  it('groups thousands', () => {
    expect(figure(0)).toBe('0');
    expect(figure(999)).toBe('999');
    expect(figure(1234567)).toBe('1,234,567');
  });

  it('says one in the singular and any other number in the plural', () => {
    expect(counted(1, 'visitor', 'visitors')).toBe('1 visitor');
    expect(counted(0, 'visitor', 'visitors')).toBe('0 visitors');
    expect(counted(2500, 'page view', 'page views')).toBe('2,500 page views');
  });
});
