import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from './create-db';
import { auditLog, users } from './schema';
import { migratedDataDir, migratedDataDirPath } from './test-data-dir';

const copies: string[] = [];
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('the migrated DATA_DIR products the tests start copy', () => {
  it('is kept where the current migrations name it, closed, and a copy opens with every migration applied', async () => {
    const template = await migratedDataDir();
    expect(template).toBe(migratedDataDirPath());
    expect(await migratedDataDir()).toBe(template);
    // Closed: no process holds it, so a copy is whole.
    expect(readdirSync(template)).toEqual(['pglite']);

    const copy = mkdtempSync(path.join(tmpdir(), 'sprout-data-copy-'));
    copies.push(copy);
    cpSync(template, copy, { recursive: true });
    const handle = await createDb({ dataDir: copy });
    try {
      // The migrated tables are there, empty.
      expect(await handle.db.select().from(users)).toEqual([]);
      expect(await handle.db.select().from(auditLog)).toEqual([]);
    } finally {
      await handle.close();
    }
    expect(existsSync(path.join(template, '.lock'))).toBe(false);
  });
});
