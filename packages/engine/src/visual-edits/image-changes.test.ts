import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkImageUrl, identifierFor, imageModule, imageTypeOf, slugOf } from './image-changes';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const GIF = Buffer.from('GIF89a\x01\x00', 'latin1');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([1, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

describe('checkImageUrl', () => {
  it('takes https addresses', () => {
    expect(checkImageUrl('https://images.example.com/a.png?w=400&h=300')).toEqual({ ok: true, url: 'https://images.example.com/a.png?w=400&h=300' });
    expect(checkImageUrl('https://example.com')).toEqual({ ok: true, url: 'https://example.com/' });
  });

  it('refuses anything else', () => {
    for (const src of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:image/png;base64,AAAA',
      'http://example.com/a.png',
      '//example.com/a.png',
      '/a.png',
      'https://user:pass@example.com/a.png',
      'https://user@example.com/a.png',
      'https://example.com/a b.png',
      'https://example.com/a.png\n',
      ' https://example.com/a.png',
      'https://example.com/\u0000',
      'not a url',
    ])
      expect(checkImageUrl(src).ok, src).toBe(false);
  });
});

describe('imageTypeOf', () => {
  it('reads the type from the first bytes', () => {
    expect(imageTypeOf(PNG)).toBe('image/png');
    expect(imageTypeOf(JPEG)).toBe('image/jpeg');
    expect(imageTypeOf(GIF)).toBe('image/gif');
    expect(imageTypeOf(Buffer.from('GIF87a'))).toBe('image/gif');
    expect(imageTypeOf(WEBP)).toBe('image/webp');
  });

  it('refuses SVG, look-alikes and nothing', () => {
    expect(imageTypeOf(SVG)).toBeNull();
    expect(imageTypeOf(Buffer.from('GIF90a'))).toBeNull();
    expect(imageTypeOf(Buffer.from('RIFF\x01\x00\x00\x00WAVE'))).toBeNull();
    expect(imageTypeOf(PNG.subarray(0, 7))).toBeNull();
    expect(imageTypeOf(new Uint8Array())).toBeNull();
  });
});

describe('imageModule', () => {
  it('makes a module named by the file and its hash, exporting the data URL', () => {
    const made = imageModule({ fileName: 'Hero Photo (1).PNG', mimeType: 'image/png', contentBase64: PNG.toString('base64') });
    const hash = createHash('sha256').update(PNG).digest('hex').slice(0, 8);
    expect(made).toEqual({
      ok: true,
      module: {
        path: `client/src/assets/uploads/hero-photo-1-${hash}.ts`,
        importPath: `@/assets/uploads/hero-photo-1-${hash}`,
        content: `export default "data:image/png;base64,${PNG.toString('base64')}";\n`,
        slug: 'hero-photo-1',
      },
    });
  });

  it('refuses bytes that are not the declared image type', () => {
    expect(imageModule({ fileName: 'a.png', mimeType: 'image/png', contentBase64: SVG.toString('base64') })).toEqual({
      ok: false,
      message: 'This file is not a PNG, JPEG, GIF or WebP image.',
    });
    expect(imageModule({ fileName: 'a.png', mimeType: 'image/png', contentBase64: JPEG.toString('base64') })).toMatchObject({
      ok: false,
      message: 'This file is a JPEG image, not the PNG it says it is.',
    });
  });

  it('refuses empty, oversized and malformed content', () => {
    expect(imageModule({ fileName: 'a.png', mimeType: 'image/png', contentBase64: '' }).ok).toBe(false);
    expect(imageModule({ fileName: 'a.png', mimeType: 'image/png', contentBase64: 'iVBO R' }).ok).toBe(false);
    expect(imageModule({ fileName: 'a.png', mimeType: 'image/png', contentBase64: 'iVBORw0' }).ok).toBe(false);
    const big = Buffer.concat([PNG, Buffer.alloc(256 * 1024)]);
    expect(imageModule({ fileName: 'a.png', mimeType: 'image/png', contentBase64: big.toString('base64') })).toMatchObject({
      ok: false,
      message: expect.stringContaining('larger than 256 KB'),
    });
  });
});

describe('names', () => {
  it('makes safe slugs and identifiers', () => {
    expect(slugOf('Café déjà-vu.jpeg')).toBe('cafe-deja-vu');
    expect(slugOf('../../etc/passwd')).toBe('passwd');
    expect(slugOf('C:\\photos\\beach.day.webp')).toBe('beach-day');
    expect(slugOf('"><script>.png')).toBe('script');
    expect(slugOf('.png')).toBe('image');
    expect(slugOf('😀.png')).toBe('image');
    expect(slugOf(`${'a'.repeat(39)}-b.png`)).toBe('a'.repeat(39));
    expect(identifierFor('hero-photo-1')).toBe('heroPhoto1Image');
    expect(identifierFor('2024-banner')).toBe('image2024Banner');
  });
});
