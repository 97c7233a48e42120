import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { apiNodeArgs, DEFAULT_API_MAX_HEAP_MB } from './node-args.mjs';

describe('apiNodeArgs', () => {
  it('limits the heap to the default, or to what API_MAX_HEAP_MB says', () => {
    expect(apiNodeArgs({})).toEqual([`--max-old-space-size=${DEFAULT_API_MAX_HEAP_MB}`]);
    expect(apiNodeArgs({ API_MAX_HEAP_MB: '' })).toEqual([`--max-old-space-size=${DEFAULT_API_MAX_HEAP_MB}`]);
    expect(apiNodeArgs({ API_MAX_HEAP_MB: ' 2048 ' })).toEqual(['--max-old-space-size=2048']);
  });

  it('refuses values that are not a sane number of megabytes, saying which', () => {
    for (const bad of ['abc', '-1', '1.5', '100', '0', '99999999', '512MB', '1e3', '--inspect']) {
      expect(() => apiNodeArgs({ API_MAX_HEAP_MB: bad }), bad).toThrow(`API_MAX_HEAP_MB must be a whole number of megabytes from 256 to 65536 (got "${bad}")`);
    }
  });

  it('is a limit Node applies', () => {
    const limitMb = execFileSync(
      process.execPath,
      [...apiNodeArgs({ API_MAX_HEAP_MB: '300' }), '-p', 'require("v8").getHeapStatistics().heap_size_limit / 1048576'],
      {
        encoding: 'utf8',
      },
    );
    // The old space plus V8's young generation and overheads.
    expect(Number(limitMb)).toBeGreaterThanOrEqual(300);
    expect(Number(limitMb)).toBeLessThan(400);
  });
});
