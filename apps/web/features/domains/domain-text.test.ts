import { describe, expect, it } from 'vitest';
import { nextStep, recordTypeLabel, statusLabel, typedDomain } from './domain-text';

describe('custom domain texts', () => {
  it('say where a domain stands and what to do next', () => {
    expect(statusLabel({ status: 'verified' })).toBe('Connected');
    expect(statusLabel({ status: 'pending' })).toBe('Waiting for DNS');
    expect(nextStep({ status: 'verified', lastError: null, lastCheckedAt: 'x' })).toBeNull();
    expect(nextStep({ status: 'pending', lastError: 'No TXT record _sprout.a.example was found.', lastCheckedAt: 'x' })).toBe(
      'No TXT record _sprout.a.example was found.',
    );
    expect(nextStep({ status: 'pending', lastError: null, lastCheckedAt: null })).toContain('Check now');
    expect(nextStep({ status: 'pending', lastError: null, lastCheckedAt: 'x' })).toContain('not found the records yet');
  });
  it('name record types as DNS hosts do, and tidy a pasted address', () => {
    expect(recordTypeLabel('ALIAS')).toBe('ALIAS / ANAME');
    expect(recordTypeLabel('CNAME')).toBe('CNAME');
    expect(typedDomain('  https://Shop.Example.com/path ')).toBe('shop.example.com');
    expect(typedDomain('shop.example.com')).toBe('shop.example.com');
  });
});
