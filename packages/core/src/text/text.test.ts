import { describe, expect, it } from 'vitest';
import { CONTROL_CHARS, decodeHtmlText, encodeQueryValue, isBlank, toWellFormed } from './text';

describe('text helpers', () => {
  it('replaces only lone surrogates', () => {
    expect(toWellFormed('a\uD800b')).toBe('a\uFFFDb');
    expect(toWellFormed('a\uDC00')).toBe('a\uFFFD');
    expect(toWellFormed('\uDC00\uD800')).toBe('\uFFFD\uFFFD');
    expect(toWellFormed('🌱')).toBe('🌱');
  });

  it('encodes any string for a query without throwing', () => {
    expect(() => encodeURIComponent('\uD800')).toThrow(URIError);
    expect(encodeQueryValue('\uD800')).toBe('%EF%BF%BD');
    expect(encodeQueryValue('a b&c')).toBe('a%20b%26c');
  });

  it('treats invisible-only text as blank', () => {
    expect(isBlank('\u200B\u200C\u200D\u2060\uFEFF \n')).toBe(true);
    expect(isBlank('\u200Bx')).toBe(false);
  });

  it('matches C0, DEL and C1 controls only', () => {
    for (const c of ['\u0000', '\u001F', '\u007F', '\u0085', '\u009F']) expect(CONTROL_CHARS.test(c)).toBe(true);
    for (const c of [' ', '~', '\u00A0', 'é']) expect(CONTROL_CHARS.test(c)).toBe(false);
  });
});

describe('decodeHtmlText', () => {
  it('decodes the common named entities and leaves other text alone', () => {
    expect(decodeHtmlText('Tom &amp; Jerry&#39;s &quot;board&quot; &lt;3 &copy;')).toBe('Tom & Jerry\'s "board" <3 &copy;');
  });
});
