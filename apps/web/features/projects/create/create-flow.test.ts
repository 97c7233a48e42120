import { describe, expect, it } from 'vitest';
import { resolveSignInRedirect } from '@sprout/core';
import { signedOutHref } from './create-flow';

describe('signedOutHref', () => {
  it('sends a new visitor to sign-up and a returning one to sign-in, both keeping the page and the prompt', () => {
    const prompt = 'A recipe box & tags: 100% mine?';
    for (const page of ['register', 'login'] as const) {
      const url = new URL(signedOutHref('/?ref=x', prompt, page), 'http://localhost:3000');
      expect(url.pathname).toBe(`/${page}`);
      expect(url.searchParams.get('redirectUrl')).toBe('/?ref=x');
      expect(url.searchParams.get('prompt')).toBe(prompt);
      // After either page, the prompt goes on to /init-project under the sign-in redirect rules.
      const next = resolveSignInRedirect({ redirectUrl: url.searchParams.get('redirectUrl'), prompt: url.searchParams.get('prompt'), allowedHosts: [] });
      expect(new URL(next.to, 'http://localhost:3000').searchParams.get('prompt')).toBe(prompt);
    }
  });

  it('carries no prompt parameter for a blank prompt', () => {
    expect(signedOutHref('/build', '  ', 'register')).toBe('/register?redirectUrl=%2Fbuild');
  });
});
