import { approvedPlanText } from '@sprout/core';
import { KeptPlan } from '@sprout/core/contract';
import {
  latestApprovedPlan,
  countMessages,
  getFileAges,
  getVersion,
  getVersionFileHashes,
  getVersionFiles,
  listMessages,
  listSecretInfo,
  type Db,
} from '@sprout/db';
import { buildContext, HISTORY_MESSAGES, type BuiltContext, type HistoryTurn } from '../context/build-context';
import { assetImportPath } from '../fixers/assets';
import { isNewProject } from '../plan/new-project';
import type { RunInput } from './run-types';
import { elementContext } from '../visual-edits/element-context';

export async function loadFiles(db: Db, versionId: string | null): Promise<Map<string, string>> {
  if (!versionId) return new Map();
  return new Map((await getVersionFiles(db, versionId)).map((f) => [f.path, f.content]));
}

/**
 * Where the chat shown to the model starts, as a position in the whole chat of `total` messages:
 * the window moves in steps of HISTORY_MESSAGES (showing between 10 and 19), not by one message a
 * turn, so the conversation's prefix stays the same — and cached — for several turns.
 */
export function historyStart(total: number): number {
  return total < HISTORY_MESSAGES ? 0 : Math.floor((total - HISTORY_MESSAGES) / HISTORY_MESSAGES) * HISTORY_MESSAGES;
}

/** The chat before this run's message, oldest first, from the window's start. */
async function loadHistory(db: Db, input: RunInput): Promise<HistoryTurn[]> {
  const [rows, total] = await Promise.all([listMessages(db, input.sproutId, { limit: 2 * HISTORY_MESSAGES + 2 }), countMessages(db, input.sproutId)]);
  const skip = Math.max(0, historyStart(total) - (total - rows.length));
  return rows
    .slice(skip)
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
  const secretNames = (dataset: 'test' | 'live') => listSecretInfo(db, { sproutId: input.sproutId, dataset }).then((list) => list.map((s) => s.name));
  const [history, changed, age, test, live, plan, fresh] = await Promise.all([
    loadHistory(db, input),
    input.condensed ? recentlyChanged(db, input.sproutId, input.baseVersionId) : [],
    input.baseVersionId ? getFileAges(db, input.sproutId, input.baseVersionId) : undefined,
    secretNames('test'),
    secretNames('live'),
    latestApprovedPlan(db, input.sproutId).then((kept) => {
      const read = KeptPlan.safeParse(kept);
      return read.success ? approvedPlanText(read.data) : null;
    }),
    input.kind === 'plan' ? isNewProject(db, input.sproutId, input.baseVersionId) : false,
  ]);
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
    age,
    secrets: { test, live },
    focus: input.element ? elementContext(files, input.element) : null,
    mode: input.kind === 'plan' ? (fresh ? 'new-plan' : 'plan') : 'build',
    approvedPlan: plan,
  });
}
