import { describe, expect, it } from 'vitest';
import { freePort } from '@sprout/testkit';
import { OidcClients } from './oidc-clients';

describe('the configured providers', () => {
  it('are listed by id and label only, and found by id', () => {
    const clients = new OidcClients([{ id: 'acme', label: 'Acme', issuer: 'https://sso.acme.test', clientId: 'c', clientSecret: 'secret' }]);
    expect(clients.list()).toEqual([{ id: 'acme', label: 'Acme' }]);
    expect(clients.find('acme')?.clientSecret).toBe('secret');
    expect(clients.find('nope')).toBeUndefined();
  });

  it('try discovery again after it failed, instead of keeping the failure', async () => {
    const p = { id: 'down', label: 'Down', issuer: `http://127.0.0.1:${await freePort()}`, clientId: 'c', clientSecret: 's' };
    const clients = new OidcClients([p]);
    const first = clients.configuration(p);
    await expect(first).rejects.toThrow();
    const second = clients.configuration(p);
    expect(second).not.toBe(first);
    await expect(second).rejects.toThrow();
  });
});
