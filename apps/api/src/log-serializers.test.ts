import { describe, expect, it } from 'vitest';
import { redactUrl, serializeError, serializeRequest } from './log-serializers';

describe('log serializers', () => {
  it('keep a failed query’s text and cause but never its parameters', () => {
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    const failed = Object.assign(new Error('Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: a@b.c,scrypt$secret-hash'), {
      query: 'insert into …',
      params: ['a@b.c', 'scrypt$secret-hash'],
      cause,
    });
    const logged = serializeError(failed);
    expect(JSON.stringify(logged)).not.toMatch(/a@b\.c|secret-hash/);
    expect(logged).toMatchObject({ type: 'Error', message: expect.stringContaining('Failed query: insert into "users"'), cause: { code: '22021' } });
    expect(logged).not.toHaveProperty('params');
  });

  it('redact tokens in addresses, in requests and in error texts', () => {
    expect(redactUrl('/_sprout/session?token=eyJabc.def&path=%2F')).toBe('/_sprout/session?token=[redacted]&path=%2F');
    expect(redactUrl('/reset?code=123&TOKEN=x#h')).toBe('/reset?code=[redacted]&TOKEN=[redacted]#h');
    expect(serializeRequest({ method: 'GET', url: '/x?token=abc', hostname: 'h', ip: '1.2.3.4' })).toEqual({
      method: 'GET',
      url: '/x?token=[redacted]',
      host: 'h',
      remoteAddress: '1.2.3.4',
      remotePort: undefined,
    });
    expect(serializeError('GET /x?token=abc failed').message).toBe('GET /x?token=[redacted] failed');
  });
});
