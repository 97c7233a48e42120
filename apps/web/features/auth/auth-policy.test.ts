import { describe, expect, it } from 'vitest';
import { signedOutHref } from './auth-handoff';
import { SHARE_LINK_SERVER_CHECKED, SIGNED_IN_SERVER_CHECKED } from './auth-policy';

describe('where a signed-out visitor goes', () => {
  it('sends a share link’s visitor to sign-up, or to sign-in when this browser has had an account, coming back to the link', () => {
    expect(SHARE_LINK_SERVER_CHECKED['signed-out']).toBe('join');
    expect(signedOutHref('join', '/build/magic/abc123', false)).toBe('/register?redirectUrl=%2Fbuild%2Fmagic%2Fabc123');
    expect(signedOutHref('join', '/build/magic/abc123', true)).toBe('/login?redirectUrl=%2Fbuild%2Fmagic%2Fabc123');
  });

  it('sends every other signed-in page’s visitor to sign-in, returning or not', () => {
    expect(SIGNED_IN_SERVER_CHECKED['signed-out']).toBe('login');
    for (const returning of [false, true])
      expect(signedOutHref('login', '/build/x?tab=files', returning)).toBe('/login?redirectUrl=%2Fbuild%2Fx%3Ftab%3Dfiles');
  });

  it('renders what the server prefetched while the session starts, for share links as for other pages', () => {
    const { 'signed-out': _shareOut, ...share } = SHARE_LINK_SERVER_CHECKED;
    const { 'signed-out': _otherOut, ...other } = SIGNED_IN_SERVER_CHECKED;
    expect(share).toEqual(other);
  });
});
