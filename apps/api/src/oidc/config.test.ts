import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { parseOidcProviders, providerId } from './config';

describe('OIDC_PROVIDERS', () => {
  it('is empty by default: no providers, no buttons', () => {
    expect(parseOidcProviders(undefined)).toEqual([]);
    expect(parseOidcProviders(' ; ')).toEqual([]);
    expect(loadConfig({}).oidcProviders).toEqual([]);
  });

  it('reads Label=issuer,client-id,client-secret entries separated by ;', () => {
    const text = 'Google=https://accounts.google.com,abc.apps.googleusercontent.com,secret;Acme SSO=https://sso.acme.test/,sprout,s3cret';
    expect(parseOidcProviders(text)).toEqual([
      { id: 'google', label: 'Google', issuer: 'https://accounts.google.com', clientId: 'abc.apps.googleusercontent.com', clientSecret: 'secret' },
      { id: 'acme-sso', label: 'Acme SSO', issuer: 'https://sso.acme.test', clientId: 'sprout', clientSecret: 's3cret' },
    ]);
    expect(providerId('Microsoft Entra ID')).toBe('microsoft-entra-id');
  });

  it('allows http issuers on this machine only', () => {
    expect(parseOidcProviders('Test=http://127.0.0.1:4000,c,s')[0]!.issuer).toBe('http://127.0.0.1:4000');
    expect(() => parseOidcProviders('Test=http://sso.acme.test,c,s')).toThrow('entry 1 (Test): the issuer must be an https URL (http only on localhost).');
  });

  it.each([
    ['https://a.test,c,s', 'entry 1: it has no label'],
    ['A=https://a.test,c', 'entry 1 (A): it needs an issuer URL, a client id and a client secret'],
    ['A=https://a.test,c,', 'entry 1 (A): it needs an issuer URL'],
    ['A=not a url,c,s', 'entry 1 (A): the issuer is not a URL.'],
    ['A=https://a.test?x=1,c,s', 'entry 1 (A): the issuer must have no query'],
    ['A=https://a.test,c,s;a=https://b.test,c,s', 'entry 2 (a): another provider has the same id "a".'],
    ['---=https://a.test,c,s', 'entry 1 (---): the label needs a letter or digit.'],
  ])('refuses %s with a clear message', (text, message) => {
    expect(() => parseOidcProviders(text)).toThrow(message);
  });

  it('fails the start with the variable named and the secret left out', () => {
    expect(() => loadConfig({ OIDC_PROVIDERS: 'Acme=ftp://a.test,client,very-secret-value' })).toThrow(/OIDC_PROVIDERS: entry 1 \(Acme\)/);
    try {
      loadConfig({ OIDC_PROVIDERS: 'Acme=ftp://a.test,client,very-secret-value' });
    } catch (err) {
      expect((err as Error).message).not.toContain('very-secret-value');
    }
  });
});
