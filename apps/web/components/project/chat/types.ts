/*
 * The build API's chat, run, file and version shapes as the browser sees them (apps/api/src/chat/dto.ts,
 * routes/chat.ts, routes/project-files.ts, packages/engine/src/run/events.ts). The web app talks to
 * the API over HTTP only, so these are declared here rather than imported.
 */

export type RunStatus = 'running' | 'succeeded' | 'failed' | 'stopped';

export interface RunDto {
  id: string;
  sproutId: string;
  kind: 'message' | 'runtime-fix';
  parentRunId: string | null;
  status: RunStatus;
  model: string | null;
  summary: string | null;
  error: string | null;
  errorCode: string | null;
  baseVersionId: string | null;
  resultVersionId: string | null;
  tokensIn: number | null;
  tokensOut: number | null;
  fixRounds: number;
  createdAt: string;
  finishedAt: string | null;
}

export interface AttachmentDto {
  uploadId: string;
  mimeType: string;
  size: number;
}

export interface MessageDto {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  attachments: AttachmentDto[];
  runId: string | null;
  run: RunDto | null;
  createdAt: string;
}

export interface VersionDto {
  id: string;
  number: number;
  parentId: string | null;
  source: string;
  summary: string | null;
  runId: string | null;
  createdAt: string;
}

export interface ProjectFile {
  path: string;
  content: string;
  size: number;
}

export interface FileDiff {
  path: string;
  status: 'added' | 'removed' | 'modified';
  diff: string;
  additions: number;
  deletions: number;
}

export interface CheckIssue {
  source: 'build' | 'htmlhint' | 'jshint' | 'imports' | 'apply' | 'parser' | 'runtime' | 'types';
  file: string | null;
  line: number | null;
  column: number | null;
  message: string;
}

export interface RunTotals {
  model: string;
  tokensIn: number;
  tokensOut: number;
  fixRounds: number;
  durationMs: number;
}

export interface RunEventPayloads {
  'run.started': { runId: string; sproutId: string; kind: 'message' | 'runtime-fix'; model: string; baseVersionId: string | null; messageId: string | null };
  'text.delta': { text: string };
  'file.started': { path: string };
  'file.delta': { path: string; text: string };
  'file.written': { path: string; bytes: number; created: boolean };
  'edit.applied': { path: string; blocks: number };
  'file.deleted': { path: string };
  'file.renamed': { from: string; to: string };
  problem: { kind: string; message: string; path?: string };
  /** `typeErrors` / `typeCheck`: the advisory type check (absent in runs stored before it existed). */
  'check.result': {
    round: number;
    ok: boolean;
    issues: CheckIssue[];
    fixes: string[];
    durationMs: number;
    typeErrors?: CheckIssue[];
    typeCheck?: { status: 'ok' | 'errors' | 'skipped'; reason: string | null; durationMs: number };
  };
  'fix.started': { round: number; reason: 'continue' | 'placeholder' | 'errors' | 'runtime'; issues: CheckIssue[] };
  'version.created': { versionId: string; number: number; summary: string | null };
  'preview.ready': { versionId: string; ok: boolean; errors: CheckIssue[]; acceptRuntimeErrorsUntil: string };
  'run.finished': RunTotals & { versionId: string | null; summary: string | null; remainingIssues: number };
  'run.failed': RunTotals & { code: string; message: string; refunded: boolean };
  'run.stopped': RunTotals;
}

export type RunEventType = keyof RunEventPayloads;

export type RunEvent = { [K in RunEventType]: { seq: number; type: K; at: string; data: RunEventPayloads[K] } }[RunEventType];

/** Query keys of the project page's build data (beside lib/client/queries' `queryKeys`). */
export const buildKeys = {
  messages: (sproutId: string) => ['chat-messages', sproutId] as const,
  files: (sproutId: string, versionId: string | null) => ['project-files', sproutId, versionId] as const,
  versions: (sproutId: string) => ['versions', sproutId] as const,
  diff: (sproutId: string, versionId: string) => ['version-diff', sproutId, versionId] as const,
};
