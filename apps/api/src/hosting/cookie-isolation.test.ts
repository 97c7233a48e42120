import { describe, expect, it } from 'vitest';
import { appDomainProblems, isPublicSuffix } from './cookie-isolation';

describe('app domain cookie isolation', () => {
  it('knows the public suffixes of the bundled list, private section included', () => {
    expect(isPublicSuffix('github.io')).toBe(true);
    expect(isPublicSuffix('vercel.app:443')).toBe(true);
    expect(isPublicSuffix('sites.example.com')).toBe(false);
    expect(isPublicSuffix('app')).toBe(true);
  });

  it('stops an https install whose app domains are not public suffixes, naming each', () => {
    const problems = appDomainProblems({ protocol: 'https', previewDomain: 'preview.example.com', sitesDomain: 'github.io', isolation: 'public-suffix' });
    expect(problems).toEqual([expect.stringMatching(/^PREVIEW_DOMAIN \(preview\.example\.com\) is not on the Public Suffix List/)]);
  });

  it('lets development on http and a staging install that says so start', () => {
    expect(
      appDomainProblems({ protocol: 'http', previewDomain: 'preview.localhost:3001', sitesDomain: 'sites.localhost:3001', isolation: 'public-suffix' }),
    ).toEqual([]);
    expect(appDomainProblems({ protocol: 'https', previewDomain: 'p.example.com', sitesDomain: 's.example.com', isolation: 'unchecked' })).toEqual([]);
  });
});
