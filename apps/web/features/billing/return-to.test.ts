import { describe, expect, it } from 'vitest';
import { paywallReturnPath, paywallUpgradeHref, returnToParam, returnToQuery } from './return-to';

describe('paywallUpgradeHref', () => {
  it('adds the current page, without the modal, to the upgrade destination', () => {
    expect(paywallUpgradeHref('upgradeMessages', '/build/abc', new URLSearchParams('modal=paywall-messages-daily&tab=code'))).toBe(
      '/pricing?reason=messages&returnTo=%2Fbuild%2Fabc%3Ftab%3Dcode',
    );
    expect(paywallUpgradeHref('upgradeProjects', '/', new URLSearchParams('modal=paywall-projects'))).toBe('/pricing?reason=projects&returnTo=%2F');
    expect(paywallUpgradeHref('billing', '/build', new URLSearchParams())).toBe('/settings/billing?returnTo=%2Fbuild');
  });
});

describe('paywallReturnPath', () => {
  it('is the page without the modal parameter', () => {
    expect(paywallReturnPath('/build/abc', new URLSearchParams('modal=paywall-projects&tab=code'))).toBe('/build/abc?tab=code');
    expect(paywallReturnPath('/', new URLSearchParams('modal=paywall-projects'))).toBe('/');
  });
});

describe('returnToParam', () => {
  it('keeps safe same-origin paths only', () => {
    expect(returnToParam('/build/abc')).toBe('/build/abc');
    expect(returnToParam('https://evil.example.com')).toBeUndefined();
    expect(returnToParam('//evil.example.com')).toBeUndefined();
    expect(returnToParam('/checkout/test?session=x')).toBeUndefined();
    expect(returnToParam(['/a', '/b'])).toBeUndefined();
    expect(returnToParam(undefined)).toBeUndefined();
  });

  it('passes returnTo on in a query string', () => {
    expect(returnToQuery('/build/a?b=c')).toBe('&returnTo=%2Fbuild%2Fa%3Fb%3Dc');
    expect(returnToQuery('/build', '?')).toBe('?returnTo=%2Fbuild');
    expect(returnToQuery(undefined)).toBe('');
  });
});
