import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FileMeter, HEAD_BYTES } from './file-meter';

const through = <T>(meter: FileMeter<T>, pieces: Buffer[]) => buffer(Readable.from(pieces).pipe(meter));
const tooLarge = () => new Error('too large');

describe('FileMeter', () => {
  it('passes every byte on, tells the type from the first 4 KB before passing any, counts and hashes', async () => {
    const data = randomBytes(HEAD_BYTES * 3 + 5);
    const heads: number[] = [];
    const meter = new FileMeter({ inspect: (head) => (heads.push(head.length), 'kind'), maxBytes: data.length, tooLarge });
    const out = await through(meter, [data.subarray(0, 10), data.subarray(10, 5000), data.subarray(5000)]);
    expect(out.equals(data)).toBe(true);
    expect(heads).toEqual([HEAD_BYTES]);
    expect(meter.inspected).toEqual({ value: 'kind' });
    expect(meter.size).toBe(data.length);
    expect(meter.sha256).toBe(createHash('sha256').update(data).digest('hex'));
  });

  it('inspects a short file whole, and an empty one as empty', async () => {
    const seen: string[] = [];
    await through(new FileMeter({ inspect: (h) => seen.push(h.toString()), maxBytes: 100, tooLarge }), [Buffer.from('ab'), Buffer.from('c')]);
    await through(new FileMeter({ inspect: (h) => seen.push(`[${h.toString()}]`), maxBytes: 100, tooLarge }), []);
    expect(seen).toEqual(['abc', '[]']);
  });

  it('fails with the refusal inspect throws, and past the limit with the caller’s error', async () => {
    const refused = new FileMeter({
      inspect: () => {
        throw new Error('not an image');
      },
      maxBytes: 100,
      tooLarge,
    });
    await expect(through(refused, [Buffer.from('<svg>')])).rejects.toThrow('not an image');
    const big = new FileMeter({ inspect: () => 'x', maxBytes: 10, tooLarge });
    await expect(through(big, [Buffer.alloc(6), Buffer.alloc(5)])).rejects.toThrow('too large');
    // Exactly the limit is within it.
    expect((await through(new FileMeter({ inspect: () => 'x', maxBytes: 10, tooLarge }), [Buffer.alloc(10)])).length).toBe(10);
  });
});
