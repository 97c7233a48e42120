import type { ServerResponse } from 'node:http';

// How the fake model server (fake-model-server.ts) streams a scripted answer in each provider's dialect.

/** A tool call a scripted answer makes: the tool's name and input (`id`: made up when left out). */
export interface FakeToolCall {
  name: string;
  input: Record<string, unknown>;
  id?: string;
}

export interface ScriptedStream {
  /** Characters per streamed chunk (default 7: tags and lines split across chunks). */
  chunkSize?: number;
  delayMs?: number;
  /** Input tokens (of which `cached` were read from the prompt cache) and output tokens the provider reports. */
  usage?: { input: number; output: number; cached?: number };
}

/** A scripted answer as the dialects stream it. */
export type Script = ScriptedStream & { text: string; toolCalls: Required<FakeToolCall>[]; finish?: 'stop' | 'length'; hold?: boolean };

export type Dialect = {
  path: string;
  error(res: ServerResponse, status: number, message: string): void;
  stream(res: ServerResponse, reply: Script, body: Record<string, unknown>): AsyncGenerator<string, void, unknown>;
};

const chunks = (text: string, size: number) => Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sse = (data: unknown, event?: string) => `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`;

export const openai: Dialect = {
  path: '/v1/chat/completions',
  error(res, status, message) {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message, type: 'invalid_request_error', code: status } }));
  },
  async *stream(_res, reply, body) {
    const base = { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1, model: String(body.model) };
    const delta = (d: Record<string, unknown>) => sse({ ...base, choices: [{ index: 0, delta: d, finish_reason: null }] });
    yield delta({ role: 'assistant', content: '' });
    for (const c of chunks(reply.text, reply.chunkSize ?? 7)) yield delta({ content: c });
    for (const [index, call] of reply.toolCalls.entries()) {
      yield delta({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] });
      for (const c of chunks(JSON.stringify(call.input), reply.chunkSize ?? 7)) yield delta({ tool_calls: [{ index, function: { arguments: c } }] });
    }
    if (reply.hold) return;
    const finish = reply.toolCalls.length ? 'tool_calls' : (reply.finish ?? 'stop');
    yield sse({ ...base, choices: [{ index: 0, delta: {}, finish_reason: finish }] });
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

export const anthropic: Dialect = {
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
    // A text block (always, unless the answer is only tool calls), then one tool_use block per call.
    const texts = reply.text || !reply.toolCalls.length ? 1 : 0;
    if (texts) {
      yield sse({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }, 'content_block_start');
      for (const c of chunks(reply.text, reply.chunkSize ?? 7))
        yield sse({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: c } }, 'content_block_delta');
      if (reply.hold) return;
      yield sse({ type: 'content_block_stop', index: 0 }, 'content_block_stop');
    }
    for (const [i, call] of reply.toolCalls.entries()) {
      const index = texts + i;
      yield sse({ type: 'content_block_start', index, content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} } }, 'content_block_start');
      for (const c of chunks(JSON.stringify(call.input), reply.chunkSize ?? 7))
        yield sse({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: c } }, 'content_block_delta');
      yield sse({ type: 'content_block_stop', index }, 'content_block_stop');
    }
    if (reply.hold) return;
    const stop = reply.toolCalls.length ? 'tool_use' : reply.finish === 'length' ? 'max_tokens' : 'end_turn';
    yield sse(
      {
        type: 'message_delta',
        delta: { stop_reason: stop, stop_sequence: null },
        usage: { output_tokens: usage.output },
      },
      'message_delta',
    );
    yield sse({ type: 'message_stop' }, 'message_stop');
  },
};
