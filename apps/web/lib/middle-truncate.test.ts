import { describe, expect, it } from 'vitest';
import { splitAddress, splitPath, splitText, truncateMiddle } from './middle-truncate';

describe('middle truncation', () => {
  it('keeps a path’s file name whole and lets its folders shrink', () => {
    expect(splitPath('client/src/components/TaskCard.tsx')).toEqual(['client/src/components/', 'TaskCard.tsx']);
    expect(splitPath('README.md')).toEqual(['', 'README.md']);
    expect(splitPath('client/src/')).toEqual(['client/', 'src/']);
  });

  it('keeps an address’s domain and port whole, without its scheme', () => {
    expect(splitAddress('http://my-very-long-recipe-box.sites.localhost:3001')).toEqual(['my-very-long-recipe-box.', 'sites.localhost:3001']);
    expect(splitAddress('https://a.example.com/path')).toEqual(['a.', 'example.com/path']);
    expect(splitAddress('https://example.com')).toEqual(['example.com', '']);
  });

  it('keeps a long name’s last word, and short names in one piece', () => {
    expect(splitText('Sprout - 537')).toEqual(['Sprout - 537', '']);
    const [head, tail] = splitText('Family recipe box with tags and weekly planner');
    expect(head + tail).toBe('Family recipe box with tags and weekly planner');
    expect(tail).toBe('weekly planner');
    // Characters outside the BMP are never split in half.
    const emoji = '🍅'.repeat(30);
    expect(splitText(emoji).join('')).toBe(emoji);
    expect(Array.from(splitText(emoji)[1])).toHaveLength(10);
  });

  it('cuts a string to a length by its middle', () => {
    expect(truncateMiddle('short', 10)).toBe('short');
    expect(truncateMiddle('abcdefghijklmnopqrstuvwxyz', 9)).toBe('abcd…wxyz');
    expect(truncateMiddle('abcdef', 2)).toBe('a…');
    expect(truncateMiddle('abcdef', 1)).toBe('…');
    expect(Array.from(truncateMiddle('🍅'.repeat(20), 5))).toHaveLength(5);
  });
});
