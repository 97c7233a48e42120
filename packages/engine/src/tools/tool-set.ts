import { tool, type Tool, type ToolSet } from 'ai';
import { askPerson } from './ask-person';
import { listFiles } from './list-files';
import { queryData } from './query-data';
import { readFile } from './read-file';
import { runChecks } from './run-checks';
import { searchFiles } from './search-files';
import type { SproutTool, ToolContext, ToolOutcome } from './tool-kit';
import { viewPreview } from './view-preview';

/** Every tool a model that uses tools is given, by the name it calls it (docs/architecture.md#tools). */
export const TOOLS = {
  read_file: readFile,
  search_files: searchFiles,
  list_files: listFiles,
  run_checks: runChecks,
  view_preview: viewPreview,
  query_data: queryData,
  ask_person: askPerson,
} as const;

type ToolName = keyof typeof TOOLS;

const isToolName = (name: string): name is ToolName => Object.hasOwn(TOOLS, name);

/** What the chat shows while a call runs ("Reading client/src/App.tsx"); a call it cannot read is named as it is. */
export function describeCall(name: string, input: unknown): string {
  if (!isToolName(name)) return `Calling ${name.slice(0, 60)}`;
  const spec = TOOLS[name] as SproutTool<unknown>;
  const parsed = spec.inputSchema.safeParse(input);
  return parsed.success ? spec.calling(parsed.data) : `Calling ${name}`;
}

/**
 * Waits, before a tool runs, until the run has read the stream up to its call: the answer's text
 * before it (and the edits in it) is applied first, so the tool sees the files as the model wrote them.
 */
export class CallGate {
  private readonly reached = new Set<string>();
  private readonly waiting = new Map<string, () => void>();

  open(id: string): void {
    this.reached.add(id);
    this.waiting.get(id)?.();
  }

  /** Resolves when `id` is reached, the signal aborts, or after `ms` (a stream that is no longer read). */
  until(id: string, signal: AbortSignal | undefined, ms = 10_000): Promise<void> {
    if (this.reached.has(id) || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        this.waiting.delete(id);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener('abort', done, { once: true });
      this.waiting.set(id, done);
    });
  }
}

type ModelOutput = Awaited<ReturnType<NonNullable<Tool<unknown, ToolOutcome>['toModelOutput']>>>;

/** A tool's answer as the model reads it: text, and the picture when the model is shown pictures here. */
function modelOutput(output: ToolOutcome, seesImages: boolean): ModelOutput {
  if (!output.image || !seesImages) return { type: 'text', value: output.text };
  const data = Buffer.from(output.image.data).toString('base64');
  return {
    type: 'content',
    value: [
      { type: 'text', text: output.text },
      { type: 'image-data', data, mediaType: output.image.mediaType },
    ],
  };
}

/** Runs one call: refused when it is the same call again and again (ToolSession), a tool's own failure told to the model. */
async function runTool(name: ToolName, input: unknown, ctx: ToolContext): Promise<ToolOutcome> {
  const loop = ctx.session.call(name, input);
  if (loop) return { text: `Not run: ${loop}. Stop calling tools and finish your answer.`, summary: `Stopped: ${name} called again with the same input` };
  let out: ToolOutcome;
  try {
    out = await (TOOLS[name] as SproutTool<unknown>).run(input, ctx);
  } catch (err) {
    if (ctx.s.signal.aborted) throw err;
    ctx.s.deps.log?.warn({ err, runId: ctx.s.input.runId, tool: name }, 'a tool failed');
    const message = err instanceof Error ? err.message : String(err);
    out = { text: `${name} failed: ${message.slice(0, 300)}`, summary: `${name} failed` };
  }
  ctx.session.answered(out.text);
  return out;
}

/** The AI SDK tools of a run: each runs once the stream reached its call (`gate`). */
export function createToolSet(ctx: ToolContext, gate: CallGate): ToolSet {
  const set: Record<string, Tool> = {};
  for (const name of Object.keys(TOOLS) as ToolName[]) {
    const spec = TOOLS[name] as SproutTool<unknown>;
    set[name] = tool<unknown, ToolOutcome>({
      description: spec.description,
      inputSchema: spec.inputSchema,
      execute: async (input, { toolCallId, abortSignal }) => {
        await gate.until(toolCallId, abortSignal);
        return runTool(name, input, ctx);
      },
      toModelOutput: ({ output }) => modelOutput(output, ctx.seesImages),
    });
  }
  return set;
}
