// Type-check TypeScript where it is affordable: a project small enough and a compiler quick enough
// (TYPECHECK_DEFAULTS). esbuild — the preview — only strips types, so a type error never breaks the
// app; the compiler finds the mistakes that would break it later (a wrong prop, a missing field, a
// possibly-undefined value). The result is advisory: it goes into the check.result event and into a
// fix request that happens anyway, and never causes a fix round.
//
// TypeScript 7 is a native binary without a JS compiler API, so the project is written to a temp
// dir and `tsc --noEmit` runs over it as a child process.
//
// Measured on this 2-core machine (TS 7.0.2, other jobs running, load ~2; three runs each, whole
// check: temp dir, compiler process, clean-up):
//   - template starter (18 TS files, 36 KB):               0.6–1.0 s (1.7 s the very first time)
//   - a 20-file project (starter + 2 components, 40 KB):    0.6–0.7 s
//   - offline-builder kanban app (28 TS files, 66 KB):      0.8–0.9 s
//   - 118 TS files, 262 KB:                                 0.7–0.8 s
//   - 298 TS files, 670 KB:                                 1.0–1.6 s
//   - 618 TS files, 1.4 MB:                                 2.5–5.2 s
// Loading the DOM lib and the React / lucide / radix declarations dominates until a few hundred
// files. The compiler runs single-threaded: on a generated app (a CRM, 4 checks in a row) its
// default of checking on every core took 1.6 CPU-s a check and `--singleThreaded` 1.1, in the same
// ~0.9 s wall time, and it leaves the other core to the preview build running beside it. The
// limits (300 files, 1 MB) keep a project that passes them under ~2 s, so the 8 s budget holds on a
// busy machine, and anything bigger is refused before a process is started. Generated apps have
// 20–60 TS files and well under 300 KB.

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { starterFiles } from '@sprout/template';
import type { CheckIssue } from './issues';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export const TYPECHECK_DEFAULTS = Object.freeze({
  /** Wall time for the whole check, waiting for a slot included; beyond it the check is skipped. */
  timeoutMs: 8_000,
  /** More TypeScript files than this: skipped (298 files measured 1.0–1.6 s, 618 up to 5 s). */
  maxFiles: 300,
  /** More TypeScript source than this (bytes; image modules not counted): skipped. */
  maxBytes: 1024 * 1024,
  /** Type errors reported at most (the fix prompt lists 30 issues in all). */
  maxErrors: 20,
  /** Compilers running at once in this process (each takes ~165 MB and one core for a second). */
  concurrency: Math.max(1, Math.floor(os.cpus().length / 2)),
});

export interface TypeCheckOptions {
  timeoutMs?: number;
  maxFiles?: number;
  maxBytes?: number;
  maxErrors?: number;
  /** The compiler (default: the repository's `node_modules/.bin/tsc`). */
  tsc?: string;
  /** Where react, @types/* and the UI packages resolve from (default: the repository's node_modules). */
  nodeModules?: string;
  /** Where the per-check temp dirs are made (default: the OS temp dir). */
  tmpDir?: string;
  /** Stopping the run kills the compiler. */
  signal?: AbortSignal;
}

export interface TypeCheckResult {
  /** `ok`: no type errors in the changed files; `skipped`: not checked, `reason` says why. */
  status: 'ok' | 'errors' | 'skipped';
  /** Errors in the files the run changed, at most `maxErrors` (source `types`). */
  errors: CheckIssue[];
  reason: string | null;
  durationMs: number;
  /** Every name the compiler could not find in a changed file (not capped like `errors`). */
  missingNames: { file: string; name: string }[];
}

const TS_FILE = /\.(ts|tsx|mts|cts)$/;
// The page's code, and the server functions with the shared code they import (functions/, lib/).
const CHECKED_DIRS = ['client/src', 'functions', 'lib'] as const;
const inCheckedDir = (p: string) => CHECKED_DIRS.some((dir) => p.startsWith(`${dir}/`));
const isTypeScript = (p: string) => inCheckedDir(p) && TS_FILE.test(p);
// Attached images are data-URL modules (`client/src/assets/upload-*.ts`): big, typeless, not worth counting.
const isImageModule = (p: string) => /^client\/src\/assets\/upload-[^/]*\.ts$/.test(p);

/** `client/src/App.tsx(3,7): error TS2322: Type 'string' is not assignable to type 'number'.` */
const DIAGNOSTIC = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/;
const GLOBAL_DIAGNOSTIC = /^error (TS\d+): (.*)$/;

export interface TscDiagnostic {
  file: string | null;
  line: number | null;
  column: number | null;
  code: string;
  message: string;
}

/**
 * Parses `tsc --pretty false` output. A message's elaboration ("Types of property 'a' are
 * incompatible.") follows on indented lines and is joined to it.
 */
export function parseTscOutput(output: string): TscDiagnostic[] {
  const out: TscDiagnostic[] = [];
  for (const raw of output.split(/\r?\n/)) {
    const line = raw.trimEnd();
    if (!line) continue;
    const m = DIAGNOSTIC.exec(line);
    if (m) {
      out.push({ file: m[1]!.split(path.sep).join('/'), line: Number(m[2]), column: Number(m[3]), code: m[4]!, message: m[5]! });
      continue;
    }
    const g = GLOBAL_DIAGNOSTIC.exec(line);
    if (g) {
      out.push({ file: null, line: null, column: null, code: g[1]!, message: g[2]! });
      continue;
    }
    const last = out[out.length - 1];
    if (last && /^\s/.test(raw)) last.message += `\n${line.trim()}`;
  }
  return out;
}

/** Tolerant tsconfig reading: comments and trailing commas are allowed there. */
function readTsconfig(text: string | undefined): Record<string, unknown> | null {
  if (text === undefined) return null;
  try {
    const json = text.replace(/("(?:[^"\\\n]|\\.)*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (_m, str: string | undefined) => str ?? '').replace(/,(\s*[}\]])/g, '$1');
    const parsed = JSON.parse(json) as { compilerOptions?: unknown };
    return parsed.compilerOptions && typeof parsed.compilerOptions === 'object' ? { ...(parsed.compilerOptions as Record<string, unknown>) } : null;
  } catch {
    return null;
  }
}

const templateTsconfig = () => starterFiles().find((f) => f.name === 'tsconfig.json')?.content;

// What a project may change of the template's options: how strict the check is and how JSX
// compiles. Anything else (targets, module modes, paths, output) either does not matter for a
// no-emit check here or may be an option TS 7 removed, which stops the compiler before it checks.
const PROJECT_FLAGS = [
  'strict',
  'noImplicitAny',
  'strictNullChecks',
  'strictFunctionTypes',
  'strictBindCallApply',
  'strictPropertyInitialization',
  'noImplicitThis',
  'useUnknownInCatchVariables',
  'noUnusedLocals',
  'noUnusedParameters',
  'noImplicitReturns',
  'noFallthroughCasesInSwitch',
  'noUncheckedIndexedAccess',
  'exactOptionalPropertyTypes',
  'noImplicitOverride',
  'noPropertyAccessFromIndexSignature',
  'allowUnreachableCode',
  'allowUnusedLabels',
  'verbatimModuleSyntax',
  'isolatedModules',
  'allowImportingTsExtensions',
  'resolveJsonModule',
];
const JSX_MODES = new Set(['react-jsx', 'react-jsxdev', 'preserve', 'react']);

/**
 * The template's compiler options with the project's own strictness and JSX settings on top, made
 * to check `client/src`, `functions` and `lib` in the temp dir: nothing emitted, `@/` mapped next to the config (TS 7 has
 * no `baseUrl`; the import text stays as written, so columns match the project's file).
 */
export function typecheckTsconfig(projectTsconfig: string | undefined): string {
  const options: Record<string, unknown> = readTsconfig(templateTsconfig()) ?? {
    strict: true,
    jsx: 'react-jsx',
    module: 'ESNext',
    moduleResolution: 'bundler',
    target: 'ES2022',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  };
  const own = readTsconfig(projectTsconfig) ?? {};
  for (const key of PROJECT_FLAGS) if (typeof own[key] === 'boolean') options[key] = own[key];
  if (typeof own.jsx === 'string' && JSX_MODES.has(own.jsx.toLowerCase())) options.jsx = own.jsx;
  if (typeof own.jsxImportSource === 'string' && /^[\w@./-]+$/.test(own.jsxImportSource)) options.jsxImportSource = own.jsxImportSource;
  Object.assign(options, {
    noEmit: true,
    skipLibCheck: true,
    // Plain .js modules are part of the program (typed by inference) instead of "no declaration file".
    allowJs: true,
    checkJs: false,
    paths: { '@/*': ['./client/src/*'] },
  });
  return `${JSON.stringify({ compilerOptions: options, include: [...CHECKED_DIRS, 'sprout-env.d.ts'] }, null, 2)}\n`;
}

// Module resolution is the build's job: it reports a missing file or package first and precisely
// (and unknown packages are named by the imports check), so the compiler's echo is left out.
const LEFT_TO_THE_BUILD = new Set(['TS2307', 'TS2792', 'TS2882']);
// "Cannot find name 'X'." and "Cannot find name 'X'. Did you mean 'Y'?"
const MISSING_NAME = new Set(['TS2304', 'TS2552']);

class Slots {
  private running = 0;
  private waiting: (() => void)[] = [];
  constructor(private readonly max: number) {}
  async acquire(timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
    if (this.running < this.max) {
      this.running++;
      return true;
    }
    return new Promise((resolve) => {
      const done = (got: boolean) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abort);
        this.waiting = this.waiting.filter((w) => w !== grant);
        resolve(got);
      };
      const grant = () => {
        this.running++;
        done(true);
      };
      const abort = () => done(false);
      const timer = setTimeout(abort, timeoutMs);
      signal?.addEventListener('abort', abort, { once: true });
      this.waiting.push(grant);
    });
  }
  release() {
    this.running--;
    this.waiting[0]?.();
  }
}

const slots = new Slots(TYPECHECK_DEFAULTS.concurrency);

const skipped = (reason: string, started: number): TypeCheckResult => ({
  status: 'skipped',
  errors: [],
  reason,
  durationMs: Math.round(performance.now() - started),
  missingNames: [],
});

/**
 * Type-checks the project's TypeScript (`client/src`, and `functions` with `lib`) and reports the errors in the files the run
 * changed. Never throws: anything that prevents a check (too big, too slow, no compiler) is `skipped`.
 */
export async function typecheckProject(files: ReadonlyMap<string, string>, changed: Iterable<string>, o: TypeCheckOptions = {}): Promise<TypeCheckResult> {
  const started = performance.now();
  const d = TYPECHECK_DEFAULTS;
  const opts = {
    timeoutMs: o.timeoutMs ?? d.timeoutMs,
    maxFiles: o.maxFiles ?? d.maxFiles,
    maxBytes: o.maxBytes ?? d.maxBytes,
    maxErrors: o.maxErrors ?? d.maxErrors,
  };
  const targets = new Set([...changed].filter((p) => isTypeScript(p) && files.has(p)));
  // Only errors in changed files are reported: with none changed there is nothing to report.
  if (targets.size === 0) return { status: 'ok', errors: [], reason: null, durationMs: 0, missingNames: [] };

  const sources = [...files].filter(([p]) => isTypeScript(p) && !isImageModule(p));
  const bytes = sources.reduce((n, [, c]) => n + Buffer.byteLength(c), 0);
  if (sources.length > opts.maxFiles) return skipped(`the project has ${sources.length} TypeScript files (more than ${opts.maxFiles})`, started);
  if (bytes > opts.maxBytes)
    return skipped(`the project has ${Math.round(bytes / 1024)} KB of TypeScript (more than ${Math.round(opts.maxBytes / 1024)} KB)`, started);

  const tsc = o.tsc ?? path.join(ROOT, 'node_modules/.bin/tsc');
  const nodeModules = o.nodeModules ?? path.join(ROOT, 'node_modules');
  if (!existsSync(tsc)) return skipped('the TypeScript compiler is not installed', started);

  const timeout = `it took longer than ${Math.round(opts.timeoutMs / 100) / 10} s`;
  if (!(await slots.acquire(opts.timeoutMs, o.signal))) return skipped(o.signal?.aborted ? 'the run was stopped' : timeout, started);
  let dir: string | null = null;
  try {
    dir = await mkdtemp(path.join(o.tmpDir ?? os.tmpdir(), 'sprout-typecheck-'));
    const root = dir;
    await Promise.all(
      [...files]
        .filter(([p]) => (p.startsWith('client/') || inCheckedDir(p)) && !p.split('/').some((s) => s === '..' || s === ''))
        .map(async ([p, content]) => {
          const file = path.join(root, ...p.split('/'));
          await mkdir(path.dirname(file), { recursive: true });
          await writeFile(file, content);
        }),
    );
    await writeFile(path.join(root, 'tsconfig.json'), typecheckTsconfig(files.get('tsconfig.json')));
    // CSS and asset imports are typed even when the project lost its vite-env.d.ts.
    await writeFile(path.join(root, 'sprout-env.d.ts'), '/// <reference types="vite/client" />\n');
    await symlink(nodeModules, path.join(root, 'node_modules'), 'dir');

    const left = opts.timeoutMs - (performance.now() - started);
    const out = await runTsc(tsc, root, left, o.signal);
    if (out.kind === 'timeout') return skipped(timeout, started);
    if (out.kind === 'aborted') return skipped('the run was stopped', started);
    if (out.kind === 'failed') return skipped(`the compiler could not run (${out.message})`, started);

    const diagnostics = parseTscOutput(out.stdout);
    // Failing without a word about the project's files (a broken config, a crash): nothing was checked.
    if (out.code !== 0 && !diagnostics.some((d) => d.file && (d.file.startsWith('client/') || inCheckedDir(d.file)))) {
      const first = diagnostics[0]?.message.split('\n')[0] ?? (out.stdout + out.stderr).trim().split('\n')[0];
      return skipped(`the compiler failed: ${first?.slice(0, 200) || `exit code ${out.code}`}`, started);
    }
    const inTargets = diagnostics
      .map((d) => ({ ...d, file: d.file && path.isAbsolute(d.file) ? path.relative(root, d.file).split(path.sep).join('/') : d.file }))
      .filter((d): d is TscDiagnostic & { file: string } => d.file !== null && targets.has(d.file) && !LEFT_TO_THE_BUILD.has(d.code));
    const errors = inTargets.map((d): CheckIssue => ({ source: 'types', file: d.file, line: d.line, column: d.column, message: `${d.code}: ${d.message}` }));
    return {
      status: errors.length ? 'errors' : 'ok',
      errors: errors.slice(0, opts.maxErrors),
      reason: errors.length > opts.maxErrors ? `${errors.length} type errors, the first ${opts.maxErrors} shown` : null,
      durationMs: Math.round(performance.now() - started),
      missingNames: inTargets.flatMap((d) => {
        const name = MISSING_NAME.has(d.code) ? /^Cannot find name '([^']+)'/.exec(d.message)?.[1] : undefined;
        return name ? [{ file: d.file, name }] : [];
      }),
    };
  } catch (err) {
    return skipped(`it could not be prepared (${(err as Error).message})`, started);
  } finally {
    slots.release();
    // A temp dir left behind is only litter in the OS temp dir; the check's result stands.
    if (dir) await rm(dir, { recursive: true, force: true }).catch((err: Error) => process.emitWarning(`type check temp dir not removed: ${err.message}`));
  }
}

const MAX_OUTPUT = 8 * 1024 * 1024;

type TscOutcome =
  | { kind: 'done'; code: number; stdout: string; stderr: string }
  | { kind: 'timeout' }
  | { kind: 'aborted' }
  | { kind: 'failed'; message: string };

/**
 * Runs the compiler in its own process group: on Node 20 `.bin/tsc` is a Node wrapper that starts
 * the native binary as a child, and killing the wrapper alone would leave the compiler running.
 */
function runTsc(tsc: string, cwd: string, timeoutMs: number, signal?: AbortSignal): Promise<TscOutcome> {
  if (signal?.aborted) return Promise.resolve({ kind: 'aborted' });
  if (timeoutMs <= 0) return Promise.resolve({ kind: 'timeout' });
  return new Promise((resolve) => {
    let ended: 'timeout' | 'aborted' | 'failed' | null = null;
    let child: ChildProcess | null = null;
    const killGroup = () => {
      if (child?.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    // Killed while the wrapper still runs (before 'close'), so the group id is still theirs.
    const stop = (why: 'timeout' | 'aborted' | 'failed') => {
      ended ??= why;
      killGroup();
    };
    const timer = setTimeout(() => stop('timeout'), timeoutMs);
    const abort = () => stop('aborted');
    signal?.addEventListener('abort', abort, { once: true });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let size = 0;
    const collect = (into: Buffer[]) => (chunk: Buffer) => {
      size += chunk.length;
      // A flood of output is not a check result: stop there.
      if (size > MAX_OUTPUT) return stop('failed');
      into.push(chunk);
    };
    const finish = (outcome: TscOutcome) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
      resolve(outcome);
    };
    child = spawn(tsc, ['-p', 'tsconfig.json', '--noEmit', '--pretty', 'false', '--singleThreaded'], {
      cwd,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    child.stdout!.on('data', collect(stdout));
    child.stderr!.on('data', collect(stderr));
    child.on('error', (err) => finish({ kind: 'failed', message: err.message }));
    child.on('close', (code) => {
      if (ended === 'failed') return finish({ kind: 'failed', message: 'too much output' });
      if (ended) return finish({ kind: ended });
      finish({ kind: 'done', code: code ?? -1, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') });
    });
  });
}
