import { describe, expect, it } from 'vitest';
import { previewSetCookies, readPreviewCookies } from './preview-cookies';

describe('preview cookies', () => {
  it('over http: a partitioned SameSite=None cookie for the frame and a Lax fallback, both host-only and HttpOnly', () => {
    expect(previewSetCookies('http', 'tok', 60)).toEqual([
      'sprout_preview=tok; Path=/; Max-Age=60; HttpOnly; Secure; SameSite=None; Partitioned',
      'sprout_preview_lax=tok; Path=/; Max-Age=60; HttpOnly; SameSite=Lax',
    ]);
  });

  it('over https: one __Host- cookie', () => {
    expect(previewSetCookies('https', 'tok', 60)).toEqual(['__Host-sprout_preview=tok; Path=/; Max-Age=60; HttpOnly; Secure; SameSite=None; Partitioned']);
  });

  it('reads them back, the partitioned one first', () => {
    expect(readPreviewCookies('a=1; sprout_preview_lax=l; sprout_preview=p', 'http')).toEqual(['p', 'l']);
    expect(readPreviewCookies('sprout_preview=p', 'https')).toEqual([]);
  });
});
