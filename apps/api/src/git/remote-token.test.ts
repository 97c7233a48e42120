import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from '../functions/secret-box';
import { openRemoteToken, sealRemoteToken } from './remote-token';

const box = new SecretBox([randomBytes(32)]);

describe('remote tokens', () => {
  it('seals a token for one project, and opens it only for that project', () => {
    const kept = sealRemoteToken(box, 'p1', 'ghp_secret');
    expect(kept.tokenSealed).not.toContain('ghp_secret');
    expect(openRemoteToken(box, { sproutId: 'p1', ...kept })).toBe('ghp_secret');
    expect(openRemoteToken(box, { sproutId: 'p2', ...kept })).toBeNull();
    expect(openRemoteToken(new SecretBox([randomBytes(32)]), { sproutId: 'p1', ...kept })).toBeNull();
  });

  it('keeps no token as no token', () => {
    expect(sealRemoteToken(box, 'p1', '')).toEqual({ tokenSealed: '', tokenKeyId: '' });
    expect(openRemoteToken(box, { sproutId: 'p1', tokenSealed: '', tokenKeyId: '' })).toBe('');
  });
});
