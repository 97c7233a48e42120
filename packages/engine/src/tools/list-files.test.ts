import { describe, expect, it } from 'vitest';
import { toolContext } from './context.testing';
import { LIST_MAX_FILES, listFiles } from './list-files';

describe('list_files', () => {
  it('lists the working copy’s files with their line counts, all or under a folder', async () => {
    const { ctx } = toolContext({ 'client/src/App.tsx': 'a\nb\n', 'client/src/ui/x.tsx': 'x', 'sprout.data.json': '{}\n' });
    expect(await listFiles.run({}, ctx)).toEqual({
      text: 'client/src/App.tsx (2 lines)\nclient/src/ui/x.tsx (1 line)\nsprout.data.json (1 line)',
      summary: 'Listed 3 files',
    });
    expect(await listFiles.run({ folder: 'src/ui/' }, ctx)).toEqual({ text: 'client/src/ui/x.tsx (1 line)', summary: 'Listed 1 file under client/src/ui' });
    expect((await listFiles.run({ folder: 'client/src/u' }, ctx)).text).toBe('No files under client/src/u.');
    expect((await listFiles.run({ folder: '../..' }, ctx)).summary).toBe('Refused to list ../..: outside the project');
  });

  it('caps a long list', async () => {
    const files = Object.fromEntries(Array.from({ length: LIST_MAX_FILES + 5 }, (_, i) => [`client/src/f${String(i).padStart(3, '0')}.ts`, '']));
    const out = await listFiles.run({}, toolContext(files).ctx);
    expect(out.text.split('\n')).toHaveLength(LIST_MAX_FILES + 1);
    expect(out.text.endsWith('… and 5 more: list a folder.')).toBe(true);
  });
});
