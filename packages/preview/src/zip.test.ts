import { describe, expect, it } from 'vitest';
import { checkEntryName, createZip, readZip, ZipError } from './zip';

describe('zip', () => {
  it('round-trips UTF-8 names and contents', () => {
    const zip = createZip([
      { name: 'app/package.json', data: '{"name":"x"}' },
      { name: 'app/client/src/ünïcode.tsx', data: 'export const s = "✓";\n'.repeat(50) },
      { name: 'app/bin.png', data: new Uint8Array([0, 255, 1, 254]) },
    ]);
    const entries = readZip(zip);
    expect(entries.map((e) => e.name)).toEqual(['app/package.json', 'app/client/src/ünïcode.tsx', 'app/bin.png']);
    expect(new TextDecoder().decode(entries[1]!.data)).toBe('export const s = "✓";\n'.repeat(50));
    expect([...entries[2]!.data]).toEqual([0, 255, 1, 254]);
  });

  it.each(['../evil', '/abs', 'a/../b', 'a//b', 'c:/x', 'a\\b', 'a/./b', 'x\u0000'])('refuses the entry name %j', (name) => {
    expect(() => checkEntryName(name)).toThrow(ZipError);
    expect(() => createZip([{ name, data: '' }])).toThrow(/Unsafe zip entry/);
  });

  it('refuses duplicates and detects corruption', () => {
    expect(() =>
      createZip([
        { name: 'a', data: '1' },
        { name: 'a', data: '2' },
      ]),
    ).toThrow(/Duplicate/);
    const zip = createZip([{ name: 'a.txt', data: 'hello hello hello' }]);
    zip[40] = zip[40]! ^ 0xff;
    expect(() => readZip(zip)).toThrow();
    expect(() => readZip(new Uint8Array([1, 2, 3]))).toThrow(/Not a zip/);
  });
});
