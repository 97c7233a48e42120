import { describe, expect, it } from 'vitest';
import { describeDataShapeChange, versionDataShapes } from './data-shape-change';

const rules = (collections: Record<string, unknown>) => JSON.stringify({ collections });
const tasks = { fields: { title: { type: 'string', required: true }, done: 'boolean' } };

describe('describeDataShapeChange', () => {
  it('finds no change in equal rules, however they are written', () => {
    expect(describeDataShapeChange(null, null)).toBeNull();
    expect(describeDataShapeChange(rules({ tasks }), rules({ tasks }))).toBeNull();
    expect(describeDataShapeChange(rules({ tasks }), JSON.stringify({ collections: { tasks } }, null, 2))).toBeNull();
    expect(describeDataShapeChange(null, rules({}))).toBeNull();
  });

  it('names collections added and removed', () => {
    expect(describeDataShapeChange(null, rules({ tasks }))).toBe('Added collection tasks');
    expect(describeDataShapeChange(rules({ tasks, notes: {} }), rules({ lists: {} }))).toBe('Added collection lists; removed collections tasks, notes');
  });

  it('names fields added, removed and retyped, and changed constraints', () => {
    const after = { fields: { title: { type: 'string', required: true, maxLength: 80 }, done: 'integer', due: 'string' } };
    expect(describeDataShapeChange(rules({ tasks }), rules({ tasks: after }))).toBe(
      "In tasks: added field due, title's limits changed, done is now an integer",
    );
    expect(describeDataShapeChange(rules({ tasks }), rules({ tasks: { fields: { title: 'number' } } }))).toBe(
      'In tasks: removed field done, title is now a number',
    );
    expect(describeDataShapeChange(rules({ tasks }), rules({ tasks: { ...tasks, strict: true, unique: ['title'] } }))).toBe(
      'In tasks: now refuses undeclared fields, unique fields changed',
    );
  });

  it('does not count who may read or write as shape', () => {
    expect(describeDataShapeChange(rules({ tasks }), rules({ tasks: { ...tasks, read: 'anyone', update: 'signed-in' } }))).toBeNull();
  });

  it('reports rules that stop or start parsing, and cannot compare two broken files', () => {
    expect(describeDataShapeChange(rules({ tasks }), '{ nope')).toBe('The data rules no longer parse');
    expect(describeDataShapeChange('{ nope', rules({ tasks }))).toBe('The data rules parse again');
    expect(describeDataShapeChange('{ nope', '{ still nope')).toBeNull();
  });

  it('stays short, counting what it left out', () => {
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`collection${i}`, {}]));
    const before = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`c${i}`, { fields: { a: 'string' } }]));
    const after = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`c${i}`, { fields: { a: 'number' } }]));
    expect(describeDataShapeChange(null, rules(many))!.length).toBeLessThanOrEqual(200);
    const text = describeDataShapeChange(rules(before), rules(after))!;
    expect(text.length).toBeLessThanOrEqual(230);
    expect(text).toMatch(/^In c0: a is now a number; in c1: .*; and \d+ more changes$/);
  });
});

describe('versionDataShapes', () => {
  const files = new Map([
    ['h1', rules({ tasks })],
    ['h2', rules({ tasks, notes: {} })],
  ]);
  const versions = [
    { id: 'v4', parentId: 'v3' },
    { id: 'v3', parentId: 'v2' },
    { id: 'v2', parentId: 'v1' },
    { id: 'v1', parentId: null },
  ];

  it('compares each version with its parent and with the current version', () => {
    // v1 has no rules, v2 declares tasks, v3 adds notes, v4 restores v2's file.
    const fileOf = new Map([
      ['v2', 'h1'],
      ['v3', 'h2'],
      ['v4', 'h1'],
    ]);
    const shapes = versionDataShapes(versions, 'v4', fileOf, files);
    expect(Object.fromEntries(shapes)).toEqual({
      v1: { change: null, differsFromCurrent: true },
      v2: { change: 'Added collection tasks', differsFromCurrent: false },
      v3: { change: 'Added collection notes', differsFromCurrent: true },
      v4: { change: 'Removed collection notes', differsFromCurrent: false },
    });
  });

  it('marks nothing when no version has rules', () => {
    const shapes = versionDataShapes(versions, 'v4', new Map(), files);
    expect([...shapes.values()].every((s) => s.change === null && !s.differsFromCurrent)).toBe(true);
  });
});
