import { describe, expect, it } from 'vitest';
import { placeInSource } from './error-source';

// A two-line bundle: line 1 from lib/prices.ts:3:9, line 2 from functions/pay.ts:12:5 (VLQ segments: source, line and column deltas).
const MAP = JSON.stringify({ version: 3, sources: ['project:lib/prices.ts', 'project:functions/pay.ts'], mappings: 'AAEQ;ACSJ' });

describe('placeInSource', () => {
  it('places the bundle’s frames in the project’s files and drops the wrapper’s', () => {
    const stack = [
      'Error: the price is missing',
      '    at priceOf (file:///bundle/function.js:1:1)',
      '    at pay (file:///bundle/function.js:2:1)',
      '    at Object.fetch (file:///bundle/call-function.js:95:36)',
    ].join('\n');
    expect(placeInSource(stack, MAP)).toBe(
      ['Error: the price is missing', '    at priceOf (lib/prices.ts:3:9)', '    at pay (functions/pay.ts:12:5)'].join('\n'),
    );
  });

  it('leaves what no map covers, and a bad map, as it was', () => {
    const stack = 'Error: x\n    at f (file:///bundle/function.js:40:2)';
    expect(placeInSource(stack, MAP)).toBe(stack);
    expect(placeInSource(stack, 'not json')).toBe(stack);
  });
});
