import { describe, expect, it } from 'vitest';
import { BoundedLabel, methodLabel, routeLabel, statusClass } from './labels';

describe('metric labels', () => {
  it('keeps methods, status classes and routes to closed sets', () => {
    expect([methodLabel('GET'), methodLabel('PROPFIND')]).toEqual(['GET', 'other']);
    expect([200, 204, 301, 404, 503, 999].map(statusClass)).toEqual(['2xx', '2xx', '3xx', '4xx', '5xx', 'other']);
    expect(routeLabel({ pattern: '/build/v1/sprouts/:id', is404: false, appHost: null })).toBe('/build/v1/sprouts/:id');
    expect(routeLabel({ pattern: '/*', is404: true, appHost: null })).toBe('unmatched');
    expect(routeLabel({ pattern: '/health', is404: false, appHost: 'preview' })).toBe('app:preview');
  });

  it('admits at most so many distinct well-formed names, then counts the rest as other', () => {
    const label = new BoundedLabel(2, /^[a-z_]{1,40}$/);
    expect(['provider_auth', 'timeout', 'provider_auth', 'internal_error', 'Bad Code!', '', null].map((v) => label.of(v))).toEqual([
      'provider_auth',
      'timeout',
      'provider_auth',
      'other',
      'other',
      'other',
      'other',
    ]);
  });
});
