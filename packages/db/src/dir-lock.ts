import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The database in ${dir} is already open in process ${pid}. ` +
        'Only one Sprout API process may use an embedded database: stop the other one, ' +
        'or set DATABASE_URL to share a PostgreSQL server between processes.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM means the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite does not lock its directory and a second opener silently loses writes, so we hold a
 * lock file with our pid. A lock left by a dead process (crash, SIGKILL) is taken over.
 */
export function acquireDirLock(dir: string): () => void {
  const file = path.join(dir, '.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
        process.off('exit', release);
      };
      process.on('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(dir, pid);
      }
      if (pid === process.pid) throw new DataDirLockedError(dir, pid);
      unlinkSync(file);
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
