import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { anthropic, openai, sleep, type Dialect, type FakeToolCall, type Script, type ScriptedStream } from './fake-dialects';
import { sentToolResults, type SentToolResult } from './sent-tool-results';

/** One scripted answer of a fake provider. */
export type FakeReply =
  | {
      text: string;
      /** Characters per streamed chunk (default 7: tags and lines split across chunks). */
      chunkSize?: number;
      delayMs?: number;
      finish?: 'stop' | 'length';
      /** Input tokens (of which `cached` were read from the prompt cache) and output tokens the provider reports. */
      usage?: { input: number; output: number; cached?: number };
      /** Keep the stream open after the text, until the client goes away (to test stop). */
      hold?: boolean;
    }
  | (ScriptedStream & {
      /** The model calls tools (finish reason `tool_calls` / `tool_use`), after `text` if any; their arguments stream in chunks. */
      toolCalls: FakeToolCall[];
      text?: string;
    })
  | { status: number; error: string };

export type { FakeToolCall, SentToolResult };

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
  /** The tool results this request carries back to the model, oldest first. */
  toolResults: SentToolResult[];
}

/**
 * A provider on 127.0.0.1 that streams scripted answers exactly as the real API does (OpenAI
 * chat completions, or Anthropic messages), for tests that drive whole runs over real HTTP.
 */
export class FakeModelServer {
  readonly requests: RecordedRequest[] = [];
  private readonly replies: FakeReply[] = [];
  private readonly open = new Set<ServerResponse>();
  private calls = 0;
  private server!: Server;
  url = '';

  private constructor(private readonly dialect: Dialect) {}

  static async start(kind: 'openai' | 'anthropic'): Promise<FakeModelServer> {
    const fake = new FakeModelServer(kind === 'openai' ? openai : anthropic);
    fake.server = createServer((req, res) => void fake.handle(req, res));
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/v1`;
    return fake;
  }

  /** Queues answers, served one per request in order. */
  reply(...replies: FakeReply[]): this {
    this.replies.push(...replies);
    return this;
  }

  get pending(): number {
    return this.replies.length;
  }

  /** Answers still streaming: a held one ends when its client goes away. */
  get streaming(): number {
    return this.open.size;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    this.requests.push({ path: req.url ?? '', headers: req.headers, body, toolResults: sentToolResults(body) });
    if (req.url !== this.dialect.path) return this.dialect.error(res, 404, `no route ${req.url}`);
    const reply = this.replies.shift();
    if (!reply) return this.dialect.error(res, 500, 'The fake server has no scripted reply left.');
    if ('status' in reply) return this.dialect.error(res, reply.status, reply.error);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    this.open.add(res);
    res.on('close', () => this.open.delete(res));
    const script: Script = {
      ...reply,
      text: reply.text ?? '',
      toolCalls: 'toolCalls' in reply ? reply.toolCalls.map((c) => ({ ...c, id: c.id ?? `call_${++this.calls}` })) : [],
    };
    for await (const frame of this.dialect.stream(res, script, body)) {
      if (res.destroyed) return;
      res.write(frame);
      if (reply.delayMs) await sleep(reply.delayMs);
    }
    if (!script.hold) res.end();
  }

  async close(): Promise<void> {
    for (const res of this.open) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
