import { getVersion, getVersionFileHashes, getVersionFiles, listMessages, type Db } from '@sprout/db';
import { buildContext, HISTORY_MESSAGES, type BuiltContext, type HistoryTurn } from '../context/build-context';
import { assetImportPath } from '../fixers/assets';
import type { RunInput } from './run-types';

export async function loadFiles(db: Db, versionId: string | null): Promise<Map<string, string>> {
  if (!versionId) return new Map();
  return new Map((await getVersionFiles(db, versionId)).map((f) => [f.path, f.content]));
}

/** The chat before this run's message, oldest first. */
async function loadHistory(db: Db, input: RunInput): Promise<HistoryTurn[]> {
  const rows = await listMessages(db, input.sproutId, { limit: HISTORY_MESSAGES + 2 });
  return rows
    .filter((m) => m.id !== input.messageId && m.runId !== input.runId && (m.role === 'user' || m.role === 'assistant'))
    .map((m) => ({ role: m.role as 'user' | 'assistant', content: m.content }));
}

/** Paths the latest version changed compared with its parent: the most relevant ones to show in full. */
async function recentlyChanged(db: Db, sproutId: string, versionId: string | null): Promise<string[]> {
  if (!versionId) return [];
  const version = await getVersion(db, sproutId, versionId);
  if (!version?.parentId) return [];
  const [now, before] = await Promise.all([getVersionFileHashes(db, versionId), getVersionFileHashes(db, version.parentId)]);
  return [...now].filter(([path, hash]) => before.get(path) !== hash).map(([path]) => path);
}

export async function loadRunContext(
  db: Db,
  input: RunInput,
  files: ReadonlyMap<string, string>,
  packages: Readonly<Record<string, string>>,
): Promise<BuiltContext> {
  const [history, changed] = await Promise.all([loadHistory(db, input), input.condensed ? recentlyChanged(db, input.sproutId, input.baseVersionId) : []]);
  return buildContext({
    files,
    history,
    request: input.request,
    images: input.images.map((i) => ({ importPath: assetImportPath(i.uploadId), mimeType: i.mimeType, data: i.data })),
    vision: input.model.vision,
    partialEdits: input.partialEdits,
    condensed: input.condensed,
    recentlyChanged: changed,
    packages,
  });
}
