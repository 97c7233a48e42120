import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from './atomic-write';

describe('writeFileAtomic', () => {
  it('creates folders, writes the whole file and leaves no temporary file behind', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sprout-atomic-'));
    const file = path.join(dir, 'a', 'b.js');
    await Promise.all(Array.from({ length: 10 }, (_, i) => writeFileAtomic(file, `content ${i}`.repeat(1000))));
    expect(await readFile(file, 'utf8')).toMatch(/^(content \d)+$/);
    expect(await readdir(path.join(dir, 'a'))).toEqual(['b.js']);
  });
});
