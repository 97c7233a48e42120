import { describe, expect, it } from 'vitest';
import { tabKeyTarget } from './tab-keys';

describe('tabKeyTarget', () => {
  it('moves left and right with wrap-around, and to either end', () => {
    expect(tabKeyTarget('ArrowRight', 0, 5)).toBe(1);
    expect(tabKeyTarget('ArrowRight', 4, 5)).toBe(0);
    expect(tabKeyTarget('ArrowLeft', 0, 5)).toBe(4);
    expect(tabKeyTarget('ArrowLeft', 3, 5)).toBe(2);
    expect(tabKeyTarget('Home', 3, 5)).toBe(0);
    expect(tabKeyTarget('End', 1, 5)).toBe(4);
  });

  it('leaves other keys alone (Tab, Enter, vertical arrows) and empty lists', () => {
    for (const key of ['Tab', 'Enter', ' ', 'ArrowUp', 'ArrowDown', 'a']) expect(tabKeyTarget(key, 2, 5)).toBeNull();
    expect(tabKeyTarget('ArrowRight', 0, 0)).toBeNull();
  });
});
