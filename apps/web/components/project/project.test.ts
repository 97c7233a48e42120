import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/client/api';
import { backTarget } from './back-target';
import { magicLinkFor, publishErrorMessage } from './links-and-messages';
import { firstPromptKey } from './use-first-prompt';

describe('backTarget', () => {
  it('goes to the previous in-app route, ignoring query changes of this page', () => {
    expect(backTarget(['/', '/build', '/build/abc', '/build/abc?tab=code'], '/build/abc')).toBe('/build');
  });

  it('skips pages that would redirect or start something again', () => {
    expect(backTarget(['/pricing', '/init-project?prompt=x', '/build/abc?prompt=x'], '/build/abc')).toBe('/pricing');
    expect(backTarget(['/build', '/build/magic/xyz', '/build/copy'], '/build/copy')).toBe('/build');
    expect(backTarget(['/login?redirectUrl=%2Fbuild%2Fabc', '/build/abc'], '/build/abc')).toBe('/build');
  });

  it('falls back to the project list', () => {
    expect(backTarget([], '/build/abc')).toBe('/build');
  });
});

describe('publishErrorMessage', () => {
  const err = (status: number, message?: string) => new ApiError(status, 'x', 'code', message, {});
  it('explains a missing publish API, a missing project, the network and paywall-free failures', () => {
    expect(publishErrorMessage(err(404, 'No route POST /build/v1/sprouts/a/publish'))).toBe('Publishing is not available right now. Please try again later.');
    expect(publishErrorMessage(err(404, 'Project not found.'))).toBe('Could not publish: Project not found.');
    expect(publishErrorMessage(err(0, 'Could not reach Sprout.'))).toBe('Could not reach Sprout.');
    expect(publishErrorMessage(err(500))).toBe('Could not publish: x (500)');
  });
});

describe('links', () => {
  it('builds the share link from the web address', () => {
    expect(magicLinkFor('http://localhost:3000/', 'abc')).toBe('http://localhost:3000/build/magic/abc');
  });

  it('keys the first prompt by project and prompt', () => {
    expect(firstPromptKey('a', 'hello')).toBe(firstPromptKey('a', 'hello'));
    expect(firstPromptKey('a', 'hello')).not.toBe(firstPromptKey('b', 'hello'));
    expect(firstPromptKey('a', 'hello')).not.toBe(firstPromptKey('a', 'hello!'));
  });
});
