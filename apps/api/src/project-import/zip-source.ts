import { finishImport, planImport, type ImportResult } from '@sprout/core';
import { listZip, readZipEntries, ZIP_LIMITS, ZipError, type ZipDirectoryEntry } from '@sprout/preview';
import { AppError } from '../errors';

// A zip's own limits, before the import's (at most 8 MB of a project's files are ever inflated):
// entries past any real project with its node_modules, and a ratio text never reaches.
const IMPORT_ZIP_LIMITS = { ...ZIP_LIMITS, maxEntries: 60_000, maxTotalBytes: 16 * 1024 * 1024, maxRatio: 200 };

const unreadable = (err: ZipError) => new AppError(400, 'invalid_zip', `This zip cannot be read: ${err.message}`);

/**
 * The project in a zip: its directory is listed (nothing inflated), the import planned from the
 * names and sizes alone, and only the files it keeps are inflated. A broken or hostile archive is
 * a 400 that says why.
 */
export function projectFromZip(zip: Buffer): ImportResult {
  try {
    const listed = listZip(zip, IMPORT_ZIP_LIMITS);
    const plan = planImport(listed.map((e) => ({ path: e.name, size: e.size, kind: e.symlink ? 'symlink' : 'file' })));
    if (!plan.ok) return plan;
    // A name listed twice is read from its first entry (the plan keeps only that one).
    const byName = new Map<string, ZipDirectoryEntry>();
    for (const e of listed) if (!byName.has(e.name)) byName.set(e.name, e);
    const wanted = plan.reads.map((r) => byName.get(r.from)!);
    const read = readZipEntries(zip, wanted, IMPORT_ZIP_LIMITS);
    return finishImport(plan, new Map(read.map((e) => [e.name, e.data])));
  } catch (err) {
    if (err instanceof ZipError) throw unreadable(err);
    throw err;
  }
}
