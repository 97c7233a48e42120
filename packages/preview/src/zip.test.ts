import { describe, expect, it } from 'vitest';
import { checkEntryName, createZip, listZip, readZip, readZipEntries, ZIP_LIMITS, ZipError } from './zip';

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

  it('lists the directory without inflating, and reads only the entries asked for', () => {
    const zip = createZip([
      { name: 'app/a.txt', data: 'a'.repeat(100) },
      { name: 'app/b.txt', data: 'b' },
    ]);
    const listed = listZip(zip);
    expect(listed.map((e) => [e.name, e.size, e.symlink])).toEqual([
      ['app/a.txt', 100, false],
      ['app/b.txt', 1, false],
    ]);
    expect(readZipEntries(zip, [listed[1]!]).map((e) => new TextDecoder().decode(e.data))).toEqual(['b']);
  });

  it('refuses a zip bomb from its directory: too many entries, too many bytes, too high a ratio', () => {
    const bomb = createZip([{ name: 'zeros.txt', data: new Uint8Array(4 * 1024 * 1024) }]);
    expect(() => readZip(bomb, { ...ZIP_LIMITS, maxRatio: 100 })).toThrow(/zip bomb/);
    expect(() => readZip(bomb, { ...ZIP_LIMITS, maxTotalBytes: 1024 * 1024 })).toThrow(/unpacks to more than 1 MB/);
    const many = createZip(Array.from({ length: 12 }, (_, i) => ({ name: `f${i}.txt`, data: 'x' })));
    expect(() => listZip(many, { ...ZIP_LIMITS, maxEntries: 10 })).toThrow(/more than 10 entries/);
  });

  it('refuses an entry that inflates past the size its header declares', () => {
    const zip = createZip([{ name: 'a.txt', data: 'x'.repeat(1000) }]);
    const [entry] = listZip(zip);
    // The header says 10 bytes; the data inflates to 1,000: never more than declared is produced.
    expect(() => readZipEntries(zip, [{ ...entry!, size: 10 }])).toThrow(ZipError);
  });

  it('turns any truncation or garbage into a ZipError, never another error', () => {
    const zip = createZip([{ name: 'dir/a.txt', data: 'hello '.repeat(200) }]);
    for (const cut of [10, 40, zip.length - 30, zip.length - 23]) {
      const broken = new Uint8Array(zip.subarray(0, cut));
      expect(() => readZip(broken)).toThrow(ZipError);
    }
    const view = Buffer.from(zip);
    view.writeUInt32LE(0xfffffff0, view.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06])) + 16);
    expect(() => readZip(view)).toThrow(ZipError);
  });

  it('marks symbolic links and refuses encrypted entries', () => {
    const zip = Buffer.from(createZip([{ name: 'a.txt', data: 'hi' }]));
    const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const link = Buffer.from(zip);
    link.writeUInt32LE((0o120777 << 16) >>> 0, central + 38);
    expect(listZip(link)[0]!.symlink).toBe(true);
    const locked = Buffer.from(zip);
    locked.writeUInt16LE(0x0801, central + 8);
    expect(() => listZip(locked)).toThrow(/encrypted/);
  });
});
