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

/** What a zip may hold before it is read at all: a zip bomb is refused from its directory. */
export interface ZipLimits {
  /** Entries in the central directory (folders included). */
  maxEntries: number;
  /** Uncompressed bytes of the entries read, together. */
  maxTotalBytes: number;
  /** Uncompressed size over compressed size of one entry, above which it is refused (past a few KB). */
  maxRatio: number;
}

/** Deflate cannot shrink anything more than about 1,032 times; text rarely goes past 20. */
export const ZIP_LIMITS: ZipLimits = Object.freeze({ maxEntries: 65_535, maxTotalBytes: 256 * 1024 * 1024, maxRatio: 1_100 });

/** One entry of a zip's central directory, not inflated yet. */
export interface ZipDirectoryEntry {
  name: string;
  /** Uncompressed size, as the directory declares it (inflating never yields more). */
  size: number;
  packedSize: number;
  /** A symbolic link stored by a Unix zip tool (its data is the link's target). */
  symlink: boolean;
  method: number;
  crc: number;
  localOffset: number;
}

const RATIO_FREE_BYTES = 64 * 1024;
const utf8 = new TextDecoder('utf-8');

/** Reads through `fn`, turning a read past the end of the buffer into a ZipError. */
function bounded<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof ZipError) throw err;
    throw new ZipError('The zip archive is broken or cut short.');
  }
}

/**
 * The files of a zip as its central directory lists them (folders left out), checked against
 * `limits` before anything is inflated. Names are given as written: the caller decides which are
 * safe to use (checkEntryName, or its own rules).
 */
export function listZip(zip: Uint8Array, limits: ZipLimits = ZIP_LIMITS): ZipDirectoryEntry[] {
  const buf = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > buf.length) throw new ZipError('Not a zip archive');
  return bounded(() => {
    const count = buf.readUInt16LE(eocd + 10);
    if (count === 0xffff || buf.readUInt32LE(eocd + 16) === 0xffffffff) throw new ZipError('ZIP64 archives are not supported; zip fewer files.');
    if (count > limits.maxEntries) throw new ZipError(`The zip holds more than ${limits.maxEntries} entries.`);
    let at = buf.readUInt32LE(eocd + 16);
    const out: ZipDirectoryEntry[] = [];
    for (let i = 0; i < count; i++) {
      if (buf.readUInt32LE(at) !== 0x02014b50) throw new ZipError('Broken central directory');
      const flags = buf.readUInt16LE(at + 8);
      const nameLength = buf.readUInt16LE(at + 28);
      if (at + 46 + nameLength > buf.length) throw new ZipError('Broken central directory');
      const name = utf8.decode(buf.subarray(at + 46, at + 46 + nameLength));
      const madeByUnix = buf.readUInt8(at + 5) === 3;
      const mode = buf.readUInt32LE(at + 38) >>> 16;
      const entry: ZipDirectoryEntry = {
        name,
        size: buf.readUInt32LE(at + 24),
        packedSize: buf.readUInt32LE(at + 20),
        symlink: madeByUnix && (mode & 0o170000) === 0o120000,
        method: buf.readUInt16LE(at + 10),
        crc: buf.readUInt32LE(at + 16),
        localOffset: buf.readUInt32LE(at + 42),
      };
      at += 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
      if (name.endsWith('/')) continue;
      if (flags & 1) throw new ZipError(`${JSON.stringify(name.slice(0, 100))} is encrypted; zip it without a password.`);
      out.push(entry);
    }
    return out;
  });
}

/** Inflates `entries` of `zip` (from listZip), within `limits`; checks every size and CRC. */
export function readZipEntries(zip: Uint8Array, entries: readonly ZipDirectoryEntry[], limits: ZipLimits = ZIP_LIMITS): ZipEntry[] {
  const buf = Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
  const total = entries.reduce((sum, e) => sum + e.size, 0);
  if (total > limits.maxTotalBytes) throw new ZipError(`The zip unpacks to more than ${Math.round(limits.maxTotalBytes / 1024 / 1024)} MB.`);
  return entries.map((entry) => {
    const label = JSON.stringify(entry.name.slice(0, 100));
    if (entry.size > RATIO_FREE_BYTES && entry.size > entry.packedSize * limits.maxRatio) {
      throw new ZipError(`${label} unpacks to ${limits.maxRatio} times its packed size or more: this looks like a zip bomb.`);
    }
    const packed = bounded(() => {
      if (buf.readUInt32LE(entry.localOffset) !== 0x04034b50) throw new ZipError(`Broken local header for ${label}`);
      const dataStart = entry.localOffset + 30 + buf.readUInt16LE(entry.localOffset + 26) + buf.readUInt16LE(entry.localOffset + 28);
      if (dataStart + entry.packedSize > buf.length) throw new ZipError(`${label} is cut short.`);
      return buf.subarray(dataStart, dataStart + entry.packedSize);
    });
    let data: Buffer;
    if (entry.method === 0) data = packed;
    else if (entry.method === 8) {
      try {
        // Never more than the directory declared (and limits allowed): a lying header cannot grow it.
        data = inflateRawSync(packed, { maxOutputLength: Math.max(1, entry.size) });
      } catch {
        throw new ZipError(`${label} could not be unpacked (broken, or larger than its header says).`);
      }
    } else throw new ZipError(`Unsupported compression method ${entry.method} for ${label}`);
    if (data.length !== entry.size) throw new ZipError(`${label} is not the size its header says.`);
    if (crc32(data) !== entry.crc) throw new ZipError(`CRC mismatch for ${entry.name}`);
    return { name: entry.name, data: new Uint8Array(data) };
  });
}

/** Reads every file of a zip written by createZip (or any plain deflate/stored archive), within `limits`. */
export function readZip(zip: Uint8Array, limits: ZipLimits = ZIP_LIMITS): ZipEntry[] {
  return readZipEntries(zip, listZip(zip, limits), limits);
}
