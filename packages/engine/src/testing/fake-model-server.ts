import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

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
  | { status: number; error: string };

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

type Dialect = {
  path: string;
  error(res: ServerResponse, status: number, message: string): void;
  stream(res: ServerResponse, reply: Extract<FakeReply, { text: string }>, body: Record<string, unknown>): AsyncGenerator<string, void, unknown>;
};

const chunks = (text: string, size: number) => Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sse = (data: unknown, event?: string) => `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`;

const openai: Dialect = {
  path: '/v1/chat/completions',
  error(res, status, message) {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message, type: 'invalid_request_error', code: status } }));
  },
  async *stream(_res, reply, body) {
    const base = { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1, model: String(body.model) };
    yield sse({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
    for (const c of chunks(reply.text, reply.chunkSize ?? 7)) yield sse({ ...base, choices: [{ index: 0, delta: { content: c }, finish_reason: null }] });
    if (reply.hold) return;
    yield sse({ ...base, choices: [{ index: 0, delta: {}, finish_reason: reply.finish ?? 'stop' }] });
    const usage = reply.usage ?? { input: 100, output: Math.ceil(reply.text.length / 4) };
    const cached = usage.cached === undefined ? {} : { prompt_tokens_details: { cached_tokens: usage.cached } };
    yield sse({
      ...base,
      choices: [],
      usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output, ...cached },
    });
    yield 'data: [DONE]\n\n';
  },
};

const anthropic: Dialect = {
  path: '/v1/messages',
  error(res, status, message) {
    const type = status === 401 ? 'authentication_error' : status === 429 ? 'rate_limit_error' : 'api_error';
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ type: 'error', error: { type, message } }));
  },
  async *stream(_res, reply, body) {
    const usage = reply.usage ?? { input: 100, output: Math.ceil(reply.text.length / 4) };
    yield sse(
      {
        type: 'message_start',
        message: {
          id: 'msg_fake',
          type: 'message',
          role: 'assistant',
          model: String(body.model),
          content: [],
          stop_reason: null,
          stop_sequence: null,
          // Anthropic counts cache reads apart from input_tokens.
          usage: { input_tokens: usage.input - (usage.cached ?? 0), cache_read_input_tokens: usage.cached ?? 0, output_tokens: 1 },
        },
      },
      'message_start',
    );
    yield sse({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }, 'content_block_start');
    for (const c of chunks(reply.text, reply.chunkSize ?? 7))
      yield sse({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: c } }, 'content_block_delta');
    if (reply.hold) return;
    yield sse({ type: 'content_block_stop', index: 0 }, 'content_block_stop');
    yield sse(
      {
        type: 'message_delta',
        delta: { stop_reason: reply.finish === 'length' ? 'max_tokens' : 'end_turn', stop_sequence: null },
        usage: { output_tokens: usage.output },
      },
      'message_delta',
    );
    yield sse({ type: 'message_stop' }, 'message_stop');
  },
};

/**
 * A provider on 127.0.0.1 that streams scripted answers exactly as the real API does (OpenAI
 * chat completions, or Anthropic messages), for tests that drive whole runs over real HTTP.
 */
export class FakeModelServer {
  readonly requests: RecordedRequest[] = [];
  private readonly replies: FakeReply[] = [];
  private readonly open = new Set<ServerResponse>();
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
    this.requests.push({ path: req.url ?? '', headers: req.headers, body });
    if (req.url !== this.dialect.path) return this.dialect.error(res, 404, `no route ${req.url}`);
    const reply = this.replies.shift();
    if (!reply) return this.dialect.error(res, 500, 'The fake server has no scripted reply left.');
    if ('status' in reply) return this.dialect.error(res, reply.status, reply.error);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    this.open.add(res);
    res.on('close', () => this.open.delete(res));
    for await (const frame of this.dialect.stream(res, reply, body)) {
      if (res.destroyed) return;
      res.write(frame);
      if (reply.delayMs) await sleep(reply.delayMs);
    }
    if (!reply.hold) res.end();
  }

  async close(): Promise<void> {
    for (const res of this.open) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
