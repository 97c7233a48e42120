// The fake model of bench/streaming.ts: an OpenAI-compatible chat completions endpoint that streams
// prose in chunks every `intervalMs`, each carrying a marker with the time it was written to the
// socket (⟦run·index·epoch-ms⟧), then one file and a summary. The page compares each marker with its
// own clock when the text reaches the DOM (same machine, same clock). FakeModelServer streams fixed
// text, so it cannot stamp a chunk with the moment it is sent; this one builds each chunk at send time.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StampedReply {
  /** Marks this reply's markers (the run number in the benchmark). */
  run: number;
  proseChunks: number;
  intervalMs: number;
  /** The heading of the App.tsx the reply writes: the page's preview shows it once built. */
  title: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const frame = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-stamped', object: 'chat.completion.chunk', created: 1, model: 'bench', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

function appFile(title: string): string {
  return `export default function App() {\n  return (\n    <main className="mx-auto max-w-xl p-6">\n      <h1 className="text-3xl font-bold">${title}</h1>\n      <p className="mt-2 text-muted-foreground">Streaming benchmark.</p>\n    </main>\n  );\n}\n`;
}

export class StampedModel {
  private server!: Server;
  private next: StampedReply | null = null;
  url = '';
  /** When the last content chunk of the latest reply was written (epoch ms). */
  lastChunkAt = 0;
  requests = 0;

  static async start(): Promise<StampedModel> {
    const model = new StampedModel();
    model.server = createServer((req, res) => {
      req.resume();
      req.on('end', () => void model.answer(res));
    });
    await new Promise<void>((resolve) => model.server.listen(0, '127.0.0.1', resolve));
    model.url = `http://127.0.0.1:${(model.server.address() as AddressInfo).port}/v1`;
    return model;
  }

  /** The answer to the next request. */
  reply(next: StampedReply): void {
    this.next = next;
  }

  private async answer(res: import('node:http').ServerResponse): Promise<void> {
    this.requests += 1;
    const r = this.next ?? { run: -1, proseChunks: 3, intervalMs: 20, title: 'Unscripted' };
    this.next = null;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(frame({ role: 'assistant', content: '' }));
    for (let i = 0; i < r.proseChunks; i++) {
      if (res.destroyed) return;
      // Words between markers, so the prose reads as a paragraph (and wraps) like a real answer.
      res.write(frame({ content: `${i === 0 ? '' : ' '}step ⟦${r.run}·${i}·${Date.now()}⟧` }));
      await sleep(r.intervalMs);
    }
    const tail = `\n\n<sprout-write path="client/src/App.tsx">\n${appFile(r.title)}</sprout-write>\n\n<sprout-summary>Built ${r.title}</sprout-summary>\n`;
    for (let i = 0; i < tail.length; i += 80) {
      if (res.destroyed) return;
      res.write(frame({ content: tail.slice(i, i + 80) }));
      this.lastChunkAt = Date.now();
      if (i + 80 < tail.length) await sleep(r.intervalMs);
    }
    res.write(frame({}, 'stop'));
    res.write(
      `data: ${JSON.stringify({ id: 'chatcmpl-stamped', object: 'chat.completion.chunk', created: 1, model: 'bench', choices: [], usage: { prompt_tokens: 100, completion_tokens: 200, total_tokens: 300 } })}\n\n`,
    );
    res.end('data: [DONE]\n\n');
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
