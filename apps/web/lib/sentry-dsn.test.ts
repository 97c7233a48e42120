import { describe, expect, it } from 'vitest';
import { sentryTarget } from './sentry-dsn';

describe('sentryTarget', () => {
  it('derives the store endpoint and public key', () => {
    expect(sentryTarget('https://abc123@o1.ingest.sentry.io/4500')).toEqual({ storeUrl: 'https://o1.ingest.sentry.io/api/4500/store/', key: 'abc123' });
    expect(sentryTarget('http://key@127.0.0.1:9000/7')).toEqual({ storeUrl: 'http://127.0.0.1:9000/api/7/store/', key: 'key' });
  });

  it.each(['', 'not a url', 'https://o1.ingest.sentry.io/4500', 'https://k@host/not-a-number', 'ftp://k@host/1'])('rejects %j', (dsn) => {
    expect(sentryTarget(dsn)).toBeNull();
  });
});
