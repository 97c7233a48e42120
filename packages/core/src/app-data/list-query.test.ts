import { describe, expect, it } from 'vitest';
import { encodeCursor, parseListQuery } from './list-query';

describe('parseListQuery cursors', () => {
  it('takes a cursor this server gave out, for a time order and a field order', () => {
    const at = encodeCursor({ value: '2026-11-29 08:00:00.123+00', id: 'abc' });
    expect(parseListQuery({ after: at })).toMatchObject({ ok: true, query: { orderBy: 'createdAt', after: { id: 'abc' } } });
    expect(parseListQuery({ orderBy: 'title', after: encodeCursor({ value: 'Zebra', id: 'x' }) })).toMatchObject({ ok: true });
  });

  it('refuses, with a 4xx problem, a cursor of a time order whose value is no time', () => {
    for (const value of ['', 'not a time', '2026-13-45 99:99:99', '2026-02-30 10:00:00', '2026-11-29 24:00:00', '2026-11-29T08:00:00+99', 12, true, null]) {
      expect(parseListQuery({ after: encodeCursor({ value, id: 'x' }) }), String(value)).toEqual({
        ok: false,
        problem: '"after" is not a cursor this server gave out.',
      });
    }
    expect(parseListQuery({ after: 'garbage!' })).toMatchObject({ ok: false });
  });
});
