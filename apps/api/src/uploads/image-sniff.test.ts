import { describe, expect, it } from 'vitest';
import { sniffImage } from './image-sniff';

const bytes = (...parts: (number[] | string)[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniffImage', () => {
  it.each([
    ['image/png', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0])],
    ['image/jpeg', bytes([0xff, 0xd8, 0xff, 0xe0])],
    ['image/gif', bytes('GIF89a', [1, 0])],
    ['image/gif', bytes('GIF87a')],
    ['image/webp', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')],
  ])('recognises %s', (type, data) => {
    expect(sniffImage(data)).toBe(type);
  });

  it.each([
    ['svg (script-capable) text', bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['html', bytes('<!doctype html>')],
    ['a truncated png signature', bytes([0x89], 'PNG')],
    ['RIFF that is not WEBP (wav)', bytes('RIFF', [0, 0, 0, 0], 'WAVE')],
    ['nothing', new Uint8Array()],
  ])('refuses %s', (_name, data) => {
    expect(sniffImage(data)).toBeNull();
  });
});
