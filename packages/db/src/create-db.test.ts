import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDb } from './create-db';
import { DataDirLockedError } from './dir-lock';
import { createUser, getUserByEmail } from './queries/users';

describe('createDb with a data directory (embedded PGlite)', () => {
  it('persists across reopen and refuses a second opener while open', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sprout-db-'));
    const first = await createDb({ dataDir: dir });
    expect(first.kind).toBe('pglite');
    await createUser(first.db, { email: 'Keep@Example.com', passwordHash: 'x', displayName: 'Keep' });
    await expect(createDb({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
    await first.close();
    const second = await createDb({ dataDir: dir });
    expect((await getUserByEmail(second.db, 'keep@example.com'))?.displayName).toBe('Keep');
    await second.close();
  });
});
