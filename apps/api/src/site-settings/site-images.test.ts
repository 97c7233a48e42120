import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { siteImageType, sniffSiteImage } from './site-images';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const ICO = Buffer.from([0, 0, 1, 0, 1, 0, 16, 16]);
const GIF = Buffer.from('GIF89a....');

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err as AppError;
  }
  throw new Error('not refused');
};

describe('site images', () => {
  it('are told by their bytes', () => {
    expect(sniffSiteImage(PNG)).toBe('image/png');
    expect(sniffSiteImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffSiteImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffSiteImage(ICO)).toBe('image/x-icon');
    expect(sniffSiteImage(Buffer.from([0, 0, 1, 0, 0, 0]))).toBeNull();
    expect(sniffSiteImage(GIF)).toBeNull();
  });

  it('take an icon as a favicon only, and refuse SVG, GIF and empty bodies in plain words', () => {
    expect(siteImageType('favicon', ICO)).toBe('image/x-icon');
    expect(refusal(() => siteImageType('social-image', ICO)).code).toBe('unsupported_image');
    const svg = refusal(() => siteImageType('social-image', Buffer.from('\ufeff  <svg onload="alert(1)"></svg>')));
    expect(svg.status).toBe(415);
    expect(svg.message).toContain('SVG');
    expect(refusal(() => siteImageType('favicon', GIF)).message).toBe('This file is not a PNG, JPEG, WebP or ICO file of at most 100 KB.');
    expect(refusal(() => siteImageType('favicon', Buffer.alloc(0))).code).toBe('invalid_image');
  });
});
