import { describe, expect, it } from 'vitest';
import type { AppDocument } from '@sprout/core/contract';
import { csvColumns, documentsToCsv } from './csv';

const doc = (id: string, data: Record<string, unknown>): AppDocument => ({
  id,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  createdBy: 'visitor:v1',
  data,
});

const rows = (csv: string) =>
  csv
    .replace(/^\ufeff/, '')
    .split('\r\n')
    .slice(0, -1);

describe('documents as CSV', () => {
  it('has the server’s columns, then every field any document has, in first-seen order', () => {
    expect(csvColumns([doc('a', { name: 'Ada', slot: 1 }), doc('b', { note: 'x', name: 'Bo' })])).toEqual([
      'id',
      'createdAt',
      'updatedAt',
      'createdBy',
      'name',
      'slot',
      'note',
    ]);
    expect(csvColumns([])).toEqual(['id', 'createdAt', 'updatedAt', 'createdBy']);
  });

  it('starts with a byte-order mark and ends every line with CRLF', () => {
    const csv = documentsToCsv([doc('a', { name: 'Zoë' })]);
    expect(csv.startsWith('\ufeffid,createdAt,updatedAt,createdBy,name\r\n')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('quotes commas, quotes and line breaks; leaves missing fields empty; writes objects as JSON', () => {
    const csv = documentsToCsv([doc('a', { text: 'a, "b"\nc', tags: ['x', 'y'], n: 2, ok: true, none: null }), doc('b', { other: 1 })]);
    expect(rows(csv)).toEqual([
      'id,createdAt,updatedAt,createdBy,text,tags,n,ok,none,other',
      'a,2026-11-01T10:00:00.000Z,2026-11-01T10:00:00.000Z,visitor:v1,"a, ""b""\nc","[""x"",""y""]",2,true,,',
      'b,2026-11-01T10:00:00.000Z,2026-11-01T10:00:00.000Z,visitor:v1,,,,,,1',
    ]);
  });

  it('turns text a spreadsheet would run as a formula into plain text, and keeps numbers numbers', () => {
    const csv = documentsToCsv([doc('a', { a: '=HYPERLINK("http://evil.example","x")', b: '+1', c: '-2+3', d: '@SUM(A1)', e: '\tx', n: -5, s: 'ok=1' })]);
    expect(rows(csv)[1]).toBe(
      `a,2026-11-01T10:00:00.000Z,2026-11-01T10:00:00.000Z,visitor:v1,"'=HYPERLINK(""http://evil.example"",""x"")",'+1,'-2+3,'@SUM(A1),'\tx,-5,ok=1`,
    );
  });
});
