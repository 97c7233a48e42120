import { describe, expect, it } from 'vitest';
import { validateProjectFiles, utf8ByteLength } from './project-files';

const file = (name: string, content = 'x') => ({ name, content });

describe('utf8ByteLength', () => {
  it('counts UTF-8 bytes, not characters', () => {
    expect(utf8ByteLength('')).toBe(0);
    expect(utf8ByteLength('abc')).toBe(3);
    expect(utf8ByteLength('é')).toBe(2);
    expect(utf8ByteLength('€')).toBe(3);
    expect(utf8ByteLength('🌱')).toBe(4);
    expect(utf8ByteLength('\uD800')).toBe(3);
  });
});

describe('validateProjectFiles', () => {
  it('accepts a normal starter project', () => {
    expect(
      validateProjectFiles([
        file('client/index.html', '<!doctype html>'),
        file('client/src/App.tsx', 'export default function App() {}'),
        file('.gitignore', 'node_modules\n'),
      ]),
    ).toEqual({ ok: true });
    expect(validateProjectFiles([])).toEqual({ ok: true });
  });

  it('reports each bad path with its index and reason', () => {
    expect(validateProjectFiles([file('ok.ts'), file('../evil.ts'), file('node_modules/x.js')])).toEqual({
      ok: false,
      errors: [
        { index: 1, path: '../evil.ts', reason: 'Path must not contain . or .. parts' },
        { index: 2, path: 'node_modules/x.js', reason: 'Path must not be inside node_modules' },
      ],
    });
  });

  it('limits each file to 512 KB of UTF-8', () => {
    expect(validateProjectFiles([file('a.txt', 'x'.repeat(512 * 1024))])).toEqual({ ok: true });
    expect(validateProjectFiles([file('a.txt', 'x'.repeat(512 * 1024 + 1))])).toEqual({
      ok: false,
      errors: [{ index: 0, path: 'a.txt', reason: 'File is larger than 512 KB' }],
    });
    // 200k characters, but 600 KB once encoded.
    expect(validateProjectFiles([file('a.txt', '€'.repeat(200 * 1024))])).toEqual({
      ok: false,
      errors: [{ index: 0, path: 'a.txt', reason: 'File is larger than 512 KB' }],
    });
  });

  it('limits the number of files without walking a huge list', () => {
    expect(validateProjectFiles(Array.from({ length: 500 }, (_, i) => file(`f${i}.ts`))).ok).toBe(true);
    expect(validateProjectFiles(Array.from({ length: 501 }, (_, i) => file(`f${i}.ts`)))).toEqual({
      ok: false,
      errors: [{ index: -1, path: '', reason: 'A project can hold at most 500 files' }],
    });
    const huge = new Array(1_000_000).fill(file('../x'));
    expect(validateProjectFiles(huge)).toEqual({
      ok: false,
      errors: [{ index: -1, path: '', reason: 'A project can hold at most 500 files' }],
    });
  });

  it('limits the total size to 8 MB', () => {
    const big = 'x'.repeat(500 * 1024);
    const files = Array.from({ length: 17 }, (_, i) => file(`f${i}.txt`, big));
    expect(validateProjectFiles(files.slice(0, 16))).toEqual({ ok: true });
    expect(validateProjectFiles(files)).toEqual({
      ok: false,
      errors: [{ index: -1, path: '', reason: 'Project files must total at most 8 MB' }],
    });
  });

  it('refuses duplicate paths, also those differing only in case', () => {
    expect(validateProjectFiles([file('a.ts'), file('b.ts'), file('a.ts'), file('B.ts')])).toEqual({
      ok: false,
      errors: [
        { index: 2, path: 'a.ts', reason: 'Another file (at index 0) has the same path' },
        { index: 3, path: 'B.ts', reason: 'Another file (at index 1) has the same path' },
      ],
    });
  });

  it('survives hostile entries', () => {
    const result = validateProjectFiles([null, 42, { name: 'a.ts' }, { name: 7, content: '' }, { name: 'b.ts', content: { length: 1 } }] as unknown as {
      name: string;
      content: string;
    }[]);
    expect(result).toEqual({
      ok: false,
      errors: [
        { index: 0, path: '', reason: 'Path must be a string' },
        { index: 0, path: '', reason: 'File content must be text' },
        { index: 1, path: '', reason: 'Path must be a string' },
        { index: 1, path: '', reason: 'File content must be text' },
        { index: 2, path: 'a.ts', reason: 'File content must be text' },
        { index: 3, path: '', reason: 'Path must be a string' },
        { index: 4, path: 'b.ts', reason: 'File content must be text' },
      ],
    });
    expect(validateProjectFiles('a.ts' as unknown as [])).toEqual({
      ok: false,
      errors: [{ index: -1, path: '', reason: 'Files must be a list' }],
    });
  });
});
