import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  data: Uint8Array;
}

const encoder = new TextEncoder();
const UTF8_FLAG = 0x0800;

export class ZipError extends Error {
  override name = 'ZipError';
}

/** Entry names must stay inside the archive's root whatever unpacks it. */
export function checkEntryName(name: string): void {
  const parts = name.split('/');
  if (
    name === '' ||
    name.startsWith('/') ||
    name.includes('\\') ||
    /^[a-z]:/i.test(name) ||
    parts.some((p) => p === '' || p === '.' || p === '..') ||
    /[\u0000-\u001f]/.test(name)
  ) {
    throw new ZipError(`Unsafe zip entry name: ${JSON.stringify(name)}`);
  }
}

function dosDateTime(date: Date): { time: number; day: number } {
  const year = Math.max(1980, date.getFullYear());
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1),
    day: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

/** Version needed, flags, method (deflate), time, date, CRC, sizes and name length, from `at`. */
function writeEntryFields(buf: Buffer, at: number, f: { crc: number; packed: number; raw: number; name: number; time: number; day: number }): void {
  buf.writeUInt16LE(20, at);
  buf.writeUInt16LE(UTF8_FLAG, at + 2);
  buf.writeUInt16LE(8, at + 4);
  buf.writeUInt16LE(f.time, at + 6);
  buf.writeUInt16LE(f.day, at + 8);
  buf.writeUInt32LE(f.crc, at + 10);
  buf.writeUInt32LE(f.packed, at + 14);
  buf.writeUInt32LE(f.raw, at + 18);
  buf.writeUInt16LE(f.name, at + 22);
}

/** A deflated zip archive (no ZIP64: projects are limited to a few MB). */
export function createZip(entries: readonly { name: string; data: string | Uint8Array }[], date = new Date()): Buffer {
  const { time, day } = dosDateTime(date);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  const seen = new Set<string>();
  for (const entry of entries) {
    checkEntryName(entry.name);
    if (seen.has(entry.name)) throw new ZipError(`Duplicate zip entry: ${entry.name}`);
    seen.add(entry.name);
    const name = Buffer.from(encoder.encode(entry.name));
    const raw = typeof entry.data === 'string' ? encoder.encode(entry.data) : entry.data;
    const packed = deflateRawSync(raw, { level: 9 });
    const crc = crc32(raw);
    // The local header and the central directory record share this run of fields.
    const fields = { crc, packed: packed.length, raw: raw.length, name: name.length, time, day };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(local, 4, fields);
    locals.push(local, name, packed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix, so the permissions below apply
    writeEntryFields(central, 6, fields);
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(seen.size, 8);
  end.writeUInt16LE(seen.size, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Reads a zip written by createZip (or any plain deflate/stored archive); checks every CRC. */
export function readZip(zip: Uint8Array): ZipEntry[] {
  const buf = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new ZipError('Not a zip archive');
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  const out: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (buf.readUInt32LE(at) !== 0x02014b50) throw new ZipError('Broken central directory');
    const method = buf.readUInt16LE(at + 10);
    const crc = buf.readUInt32LE(at + 16);
    const size = buf.readUInt32LE(at + 20);
    const nameLength = buf.readUInt16LE(at + 28);
    const extra = buf.readUInt16LE(at + 30);
    const comment = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
    const dataStart = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const packed = buf.subarray(dataStart, dataStart + size);
    const data = method === 8 ? inflateRawSync(packed) : method === 0 ? packed : null;
    if (!data) throw new ZipError(`Unsupported compression method ${method} for ${name}`);
    if (crc32(data) !== crc) throw new ZipError(`CRC mismatch for ${name}`);
    out.push({ name, data: new Uint8Array(data) });
    at += 46 + nameLength + extra + comment;
  }
  return out;
}
