import { describe, expect, it } from 'vitest';
import { COMMON_ERRORS, SIGNED_IN_ERRORS } from '../endpoint';
import { ERROR_CODES } from '../routes/error-codes';
import { ROUTES } from '../routes/route-table';
import { ENDPOINTS } from './index';

const endpoints = Object.values(ENDPOINTS);

describe('the endpoints cover the route table', () => {
  it('define every route of the table, and no route the table lacks', () => {
    expect(Object.keys(ENDPOINTS).sort()).toEqual(Object.keys(ROUTES).sort());
  });

  it('list only error codes the API knows', () => {
    for (const e of endpoints) for (const code of e.errors) expect(Object.hasOwn(ERROR_CODES, code), `${e.name}: ${code}`).toBe(true);
  });

  it('list each code once, and none that every endpoint (or every signed-in one) answers anyway', () => {
    const implicit = new Set<string>([...COMMON_ERRORS, ...SIGNED_IN_ERRORS]);
    for (const e of endpoints) {
      expect(new Set(e.errors).size, e.name).toBe(e.errors.length);
      for (const code of e.errors) expect(implicit.has(code), `${e.name}: ${code}`).toBe(false);
    }
  });

  it('send a body only with a method that carries one', () => {
    for (const e of endpoints) if ('body' in e) expect(['POST', 'PUT', 'PATCH', 'DELETE'], e.name).toContain(e.method);
  });

  it('answer with a success status (a redirect with 302), an empty answer with 204 and a 204 with nothing', () => {
    for (const e of endpoints) {
      if ('kind' in e.reply && e.reply.kind === 'redirect') {
        expect(e.method, e.name).toBe('GET');
        continue;
      }
      expect(e.reply.status, e.name).toBeGreaterThanOrEqual(200);
      expect(e.reply.status, e.name).toBeLessThan(300);
      const empty = 'kind' in e.reply && e.reply.kind === 'empty';
      expect(empty, e.name).toBe(e.reply.status === 204);
    }
  });
});
