import { describe, expect, it } from 'vitest';
import { canPublishAnother, isPublished } from './published';

describe('isPublished', () => {
  it('needs both the flag and a public URL', () => {
    expect(isPublished({ isDeploymentEnabled: true, publicUrl: 'https://a.sites.localhost:3001' })).toBe(true);
    expect(isPublished({ isDeploymentEnabled: false, publicUrl: 'https://a.sites.localhost:3001' })).toBe(false);
    expect(isPublished({ isDeploymentEnabled: true, publicUrl: null })).toBe(false);
    expect(isPublished({ isDeploymentEnabled: true, publicUrl: '' })).toBe(false);
    expect(isPublished({ isDeploymentEnabled: true })).toBe(false);
  });

  it('does not accept truthy non-booleans from loose JSON', () => {
    expect(isPublished({ isDeploymentEnabled: 'true' as unknown as boolean, publicUrl: 'https://x' })).toBe(false);
  });
});

describe('canPublishAnother', () => {
  it('stops free users at one published app', () => {
    expect(canPublishAnother('free', 0)).toBe(true);
    expect(canPublishAnother('free', 1)).toBe(false);
    expect(canPublishAnother('free', Number.NaN)).toBe(false);
  });

  it('never stops paying users', () => {
    expect(canPublishAnother('tier-1', 1000)).toBe(true);
  });
});
