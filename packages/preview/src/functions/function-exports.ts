import { parse } from 'acorn';
import * as esbuild from 'esbuild';
import { FUNCTION_ACCESS, type FunctionAccess, parseCron } from '@sprout/core';
import { secretsReadIn } from './secrets-read';
import type { BuildMessage } from '../types';

export interface FunctionExports {
  access: FunctionAccess;
  /** The cron expression of `export const schedule`, or null. */
  schedule: string | null;
  /** The secrets the file reads from `ctx.env` by name, sorted (what the Functions panel and the run compare with the ones set). */
  secrets: string[];
}

type Node = { type: string; start: number; [key: string]: unknown };

/** A string literal's value (or a template literal without expressions), else undefined. */
function literal(node: Node | null | undefined): string | undefined {
  if (!node) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  const quasis = node.quasis as { value: { cooked: string } }[] | undefined;
  if (node.type === 'TemplateLiteral' && (node.expressions as unknown[]).length === 0) return quasis?.[0]?.value.cooked;
  return undefined;
}

const lineOf = (code: string, offset: number) => code.slice(0, offset).split('\n').length;

/**
 * What a function file declares about itself, read from its syntax (never by running it): it must
 * export a default function; `access` and `schedule`, when exported, must be plain strings, so
 * Sprout knows who may call it and when it runs before any of its code does.
 */
export async function readFunctionExports(
  path: string,
  source: string,
): Promise<{ ok: true; exports: FunctionExports } | { ok: false; errors: BuildMessage[] }> {
  const problem = (message: string, line: number | null = null): { ok: false; errors: BuildMessage[] } => ({
    ok: false,
    errors: [{ file: path, line, column: null, message }],
  });
  let code: string;
  try {
    // Types removed, line numbers kept (esbuild keeps a statement's line when it drops only types).
    code = (await esbuild.transform(source, { loader: 'ts', target: 'es2022', sourcefile: path })).code;
  } catch (err) {
    const first = (err as esbuild.TransformFailure).errors?.[0];
    if (!first) throw err;
    return problem(first.text, first.location?.line ?? null);
  }
  const program = parse(code, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as { body: Node[] };
  let hasDefault = false;
  const found: Partial<Record<'access' | 'schedule', { value: string | undefined; at: number }>> = {};
  for (const node of program.body) {
    if (node.type === 'ExportDefaultDeclaration') hasDefault = true;
    if (node.type !== 'ExportNamedDeclaration') continue;
    for (const spec of (node.specifiers as { exported: { name?: string; value?: string } }[]) ?? []) {
      const name = spec.exported.name ?? spec.exported.value;
      if (name === 'default') hasDefault = true;
      if (name === 'access' || name === 'schedule') found[name] = { value: undefined, at: node.start };
    }
    const declaration = node.declaration as Node | null;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const d of declaration.declarations as { id: { name?: string }; init: Node | null }[]) {
      const name = d.id.name;
      if (name === 'access' || name === 'schedule') found[name] = { value: declaration.kind === 'const' ? literal(d.init) : undefined, at: node.start };
    }
  }
  if (!hasDefault) return problem(`${path} must export a default function: export default async function (req, ctx) { … }`);
  const access = found.access;
  if (access && (access.value === undefined || !(FUNCTION_ACCESS as readonly string[]).includes(access.value))) {
    return problem(
      `Write the access as one of ${FUNCTION_ACCESS.map((a) => `'${a}'`).join(', ')}: export const access = 'signed-in';`,
      lineOf(code, access.at),
    );
  }
  const schedule = found.schedule;
  if (schedule && schedule.value === undefined)
    return problem(`Write the schedule as a plain string: export const schedule = '0 8 * * *';`, lineOf(code, schedule.at));
  if (schedule?.value !== undefined) {
    const cron = parseCron(schedule.value);
    if (!cron.ok) return problem(cron.problem, lineOf(code, schedule.at));
  }
  return {
    ok: true,
    exports: { access: (access?.value as FunctionAccess | undefined) ?? 'anyone', schedule: schedule?.value ?? null, secrets: secretsReadIn(program) },
  };
}
