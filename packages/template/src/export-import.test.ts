import { finishImport, planImport } from '@sprout/core';
import { describe, expect, it } from 'vitest';
import { exportProjectFiles } from './export-project';
import { starterFiles } from './starter-files';

const encoder = new TextEncoder();

describe('an export imported back', () => {
  it('gives the same files, with nothing left out', () => {
    const project = [
      ...starterFiles(),
      { name: 'functions/greet.ts', content: 'export default async () => ({ hello: "world" });\n' },
      { name: 'sprout.data.json', content: '{ "collections": {} }\n' },
    ];
    const exported = exportProjectFiles(project, ['react', 'react-dom', 'radix-ui'], 'task-board', { title: 'Task board' });
    // As in the zip: every file under the one folder named after the app.
    const listed = new Map(exported.map((f) => [`task-board/${f.name}`, encoder.encode(f.content)]));
    const plan = planImport([...listed].map(([path, data]) => ({ path, size: data.length })));
    if (!plan.ok) throw new Error(plan.message);
    expect(plan.layout).toBe('sprout');
    const result = finishImport(plan, listed);
    if (!result.ok) throw new Error(result.message);
    expect(result.skipped).toEqual([]);
    expect(result.files).toEqual(exported.map((f) => ({ path: f.name, content: f.content })).sort((a, b) => (a.path < b.path ? -1 : 1)));
    // And everything the project had is there as it was, tooling files included.
    const imported = new Map(result.files.map((f) => [f.path, f.content]));
    for (const f of project.filter((f) => f.name !== 'package.json')) expect(imported.get(f.name)).toBe(f.content);
  });
});
