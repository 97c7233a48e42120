import type { ToolLimits } from '@sprout/core';
import type { BuildFunctionFn } from '../checks/function-checks';
import type { BuildResult, ProjectFile } from '@sprout/preview';
import type { Db } from '@sprout/db';
import type { AttachedImage } from '../fixers/assets';
import type { TypeCheckOptions } from '../checks/typecheck';
import type { TypeCheckFn } from '../checks/typecheck-fn';
import type { CheckIssue } from '../checks/issues';
import type { RenderCheckFn } from '../checks/render-check';
import type { ResolvedModel } from '../models/providers';
import type { RunEventHub } from './event-hub';
import type { EngineMetrics } from './run-metrics';

/** What the engine needs from its host (the API process). */
export interface EngineDeps {
  db: Db;
  hub: RunEventHub;
  /** Builds `files` as the preview of version `versionId` of the project (cached under that id). */
  build(sproutId: string, versionId: string, files: ProjectFile[]): Promise<BuildResult>;
  /** Allowed runtime packages (the template's list). */
  packages: Readonly<Record<string, string>>;
  /** Bundles a function file (functions/<name>.ts) as the runtime will, so one that does not build is a check issue (none: not checked). */
  buildFunction?: BuildFunctionFn;
  /** Retries of a failed provider request (rate limits, 5xx); 2 by default. */
  maxRetries?: number;
  /** A run taking longer than this fails (default 10 minutes). */
  timeoutMs?: number;
  /** The advisory TypeScript check of the changed files (limits and compiler; `false`: off). */
  typeCheck?: Omit<TypeCheckOptions, 'signal'> | false;
  /** Where the type check runs, with those limits (none: typecheckProject, a compiler process beside the run). */
  typeChecker?: TypeCheckFn;
  /** Loads a built candidate in headless Chromium before it can become a version (none: not checked). */
  renderCheck?: RenderCheckFn;
  /**
   * Keeps the render check's screenshot of a version or an attempt where the host keeps such bytes
   * (the API's file store, which every instance reads); none: in its database row, as the engine on
   * its own has nowhere else.
   */
  keepScreenshot?(shot: { id: string; sproutId: string; image: Uint8Array }): Promise<void>;
  /** Answers that changed nothing and are given back, per person per 24 hours (default core's FREE_NO_CHANGE_RUNS_PER_DAY). */
  freeNoChangeRunsPerDay?: number;
  /** Answers that did not work and are given back, per person per 24 hours (default core's FREE_FAILED_ANSWERS_PER_DAY). */
  freeFailedAnswersPerDay?: number;
  /** How long after preview.ready runtime errors are accepted (default 30 s). */
  runtimeErrorWindowMs?: number;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Told when runs start, check, go into fix rounds and end (the host's metrics and traces); none: nobody is. */
  metrics?: EngineMetrics;
}

export interface RunInput {
  runId: string;
  sproutId: string;
  userId: string;
  kind: 'message' | 'runtime-fix' | 'security-fix' | 'plan';
  /** The person runs this Sprout (staff, or the first account of the install on its first run): replies may carry setup details for operators. */
  staff: boolean;
  messageId: string | null;
  /** The person's message, or for a runtime-fix run the description of the errors. */
  request: string;
  model: ResolvedModel;
  partialEdits: boolean;
  condensed: boolean;
  baseVersionId: string | null;
  images: AttachedImage[];
  /** Fix rounds this run may use (2 for a message; what is left for a runtime fix). */
  fixBudget: number;
  /** A runtime-fix run starts with these problems (a security-fix run, with the security check's findings). */
  runtimeIssues?: CheckIssue[];
  /** The element the person selected in the preview: the message is about it (its code opens the turn). */
  element?: { file: string; line: number; column: number };
  /**
   * A message run's bounds on tools by the person's plan (core's `toolLimits`): a model that supports
   * tools is given them only with these (docs/architecture.md#tools); other runs answer without.
   */
  toolLimits?: ToolLimits;
  /** The build of an approved plan: its checklist is reported against this run's behaviour checks (plan/plan-checklist.ts). */
  planRunId?: string;
}

export const DEFAULT_TIMEOUT_MS = 10 * 60_000;
export const DEFAULT_RUNTIME_ERROR_WINDOW_MS = 30_000;
export const MAX_FIX_ROUNDS = 2;
