import type { StaticAnswer } from './check-static';
import { clip, type RenderCheckIssue } from './page-issues';

const FUNCTION_PATH = /^\/_sprout\/v1\/functions\/([a-z0-9-]{1,64})$/;

/**
 * What the runtime answers when the function itself is at fault, whatever the app does with it: it
 * did not load, or it went past a limit (time, CPU, memory, reply size). A function that threw while
 * it answered is not among them: apps throw on purpose (a refused input), and the page shows what it
 * does with that.
 */
const FAULTS: Record<string, string> = {
  function_timeout: 'ran past its time limit',
  function_stopped: 'went past its CPU or memory limit',
  function_reply_too_large: 'answered with a reply over the size limit',
};

/**
 * The check issue for one answer of the app's function route, or null when the function is not at
 * fault: its module threw as it loaded (answered `function_error` with `stage: 'load'`), or it went
 * past a limit. The issue names the function's file, which is what the run must fix.
 */
export function functionFailure(path: string, res: StaticAnswer): RenderCheckIssue | null {
  const name = FUNCTION_PATH.exec(path)?.[1];
  if (!name || res.statusCode < 500) return null;
  const answer = parseAnswer(res.rawPayload.toString('utf8'));
  if (!answer) return null;
  const file = `functions/${name}.ts`;
  const fault = FAULTS[answer.code];
  const loadFailed = answer.code === 'function_error' && answer.stage === 'load';
  if (!fault && !loadFailed) return null;
  const message = loadFailed
    ? `${answer.message.replace(/\.?$/, '.')} What a function's top level runs, it runs as it loads: read ctx.env and do the work inside the default function.`
    : `The function "${name}" ${fault} while the app was checked: ${answer.message}`;
  return { kind: 'function', message: clip(message), file, line: null, column: null };
}

function parseAnswer(body: string): { code: string; message: string; stage?: unknown } | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { code, message, stage } = parsed as Record<string, unknown>;
    return typeof code === 'string' && typeof message === 'string' ? { code, message, stage } : null;
  } catch {
    return null;
  }
}
