import { describe, expect, it } from 'vitest';
import type { AppDocument } from '@sprout/core/contract';
import { cellText, creatorLabel, documentColumns, fieldLabel, formatBytes, parseDocumentText, pickCollection } from './format';

const doc = (data: Record<string, unknown>): AppDocument => ({ id: 'd', createdAt: '', updatedAt: '', createdBy: 'visitor:v', data });

describe('the Data panel’s formatting', () => {
  it('makes columns of every field the documents have, in first-seen order, up to a limit', () => {
    expect(documentColumns([doc({ name: 'a', slot: 1 }), doc({ note: 'x', name: 'b' })])).toEqual({ columns: ['name', 'slot', 'note'], hidden: 0 });
    expect(documentColumns([doc({ a: 1, b: 2, c: 3 })], 2)).toEqual({ columns: ['a', 'b'], hidden: 1 });
    expect(documentColumns([])).toEqual({ columns: [], hidden: 0 });
  });

  it('shows values on one short line', () => {
    expect(cellText('Ada')).toBe('Ada');
    expect(cellText(3)).toBe('3');
    expect(cellText(false)).toBe('false');
    expect(cellText(null)).toBe('null');
    expect(cellText(undefined)).toBe('');
    expect(cellText({ a: [1, 2] })).toBe('{"a":[1,2]}');
    expect(cellText('two\nlines')).toBe('two lines');
    expect(cellText('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('names who made a document, by email when the app user is known', () => {
    const emails = new Map([['u1', 'ada@example.com']]);
    expect(creatorLabel('user:u1', emails)).toBe('ada@example.com');
    expect(creatorLabel('user:abcdefghij')).toBe('User abcdef');
    expect(creatorLabel('visitor:zyxwvutsrq')).toBe('Visitor zyxwvu');
    expect(creatorLabel('visitor:owner-abcdefghij')).toBe('You');
    expect(creatorLabel('something else')).toBe('something else');
  });

  it('reads the edit box: a JSON object without the server’s fields', () => {
    expect(parseDocumentText('{"name": "Ada"}')).toEqual({ ok: true, data: { name: 'Ada' } });
    expect(parseDocumentText('{name: 1}')).toMatchObject({ ok: false, problem: expect.stringContaining('not valid JSON') });
    expect(parseDocumentText('[1]')).toEqual({ ok: false, problem: 'A document is a JSON object: { "field": value, … }.' });
    expect(parseDocumentText('null')).toMatchObject({ ok: false });
    expect(parseDocumentText('{"id": "x", "createdBy": "me", "a": 1}')).toEqual({ ok: false, problem: 'Leave out "id", "createdBy": the server sets them.' });
  });

  it('writes sizes for people', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(50 * 1024 * 1024)).toBe('50 MB');
    expect(formatBytes(2 * 1024 ** 3)).toBe('2 GB');
    expect(formatBytes(150 * 1024)).toBe('150 KB');
  });

  it('shows the chosen collection while it exists, else the first with documents', () => {
    const list = [
      { name: 'a', documents: 0 },
      { name: 'b', documents: 2 },
    ];
    expect(pickCollection(list, 'a')).toBe('a');
    expect(pickCollection(list, null)).toBe('b');
    expect(pickCollection(list, 'gone')).toBe('b');
    expect(pickCollection([{ name: 'a', documents: 0 }], null)).toBe('a');
    expect(pickCollection([], 'a')).toBeNull();
  });
});

describe('fieldLabel', () => {
  it('turns a key into a heading in sentence case', () => {
    expect(fieldLabel('guestsGiveTheirName')).toBe('Guests give their name');
    expect(fieldLabel('dietary_needs')).toBe('Dietary needs');
    expect(fieldLabel('due-date')).toBe('Due date');
    expect(fieldLabel('name')).toBe('Name');
    expect(fieldLabel('rsvpURL')).toBe('Rsvp URL');
    expect(fieldLabel('HTMLContent')).toBe('HTML content');
    expect(fieldLabel('step2Done')).toBe('Step2 done');
    expect(fieldLabel('__')).toBe('__');
  });
});
