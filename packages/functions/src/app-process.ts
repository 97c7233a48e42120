import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runtimeConfig, type RuntimeConfigInput } from './runtime-config';
import { unixRequest } from './unix-http';
import { workerdBinary } from './workerd-binary';

const WORKER_DIR = fileURLToPath(new URL('../worker/', import.meta.url));
const SHARED_MODULES = ['dispatch.js', 'call-function.js', 'egress.js'];

export interface AppProcessOptions extends Omit<RuntimeConfigInput, 'functions' | 'callSocket'> {
  /** Where the process's directory is made. */
  root: string;
  functions: { name: string; code: string }[];
  /** How long the process may take to answer its first ping. */
  startTimeoutMs: number;
  onExit: (proc: AppProcess, code: number | null, signal: NodeJS.Signals | null) => void;
  onOutput: (line: string) => void;
}

/** One workerd process serving one app version's functions on a Unix socket of its own. */
export class AppProcess {
  private child: ChildProcess | null = null;
  exited = false;
  /** Calls in flight. */
  busy = 0;
  lastUsed = Date.now();

  private constructor(
    readonly dir: string,
    readonly socket: string,
  ) {}

  static async start(o: AppProcessOptions): Promise<AppProcess> {
    await mkdir(o.root, { recursive: true });
    const dir = await mkdtemp(path.join(o.root, 'app-'));
    const proc = new AppProcess(dir, path.join(dir, 'calls.sock'));
    try {
      await Promise.all(SHARED_MODULES.map(async (name) => writeFile(path.join(dir, name), await readFile(path.join(WORKER_DIR, name)))));
      await Promise.all(o.functions.map((fn) => writeFile(path.join(dir, `fn-${fn.name}.js`), fn.code)));
      const config = runtimeConfig({ ...o, callSocket: proc.socket, functions: o.functions.map((fn) => ({ name: fn.name, file: `fn-${fn.name}.js` })) });
      await writeFile(path.join(dir, 'config.capnp'), config);
      await proc.spawn(o);
      return proc;
    } catch (err) {
      proc.kill();
      await rm(dir, { recursive: true, force: true });
      throw err;
    }
  }

  private async spawn(o: AppProcessOptions): Promise<void> {
    const child = spawn(workerdBinary(), ['serve', path.join(this.dir, 'config.capnp')], { cwd: this.dir, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream?.setEncoding('utf8').on('data', (chunk: string) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) if (line.trim()) o.onOutput(line);
      });
    }
    child.on('exit', (code, signal) => {
      this.exited = true;
      o.onExit(this, code, signal);
      void rm(this.dir, { recursive: true, force: true });
    });
    await this.waitReady(o.startTimeoutMs);
  }

  /** Pings until the socket answers; the config is checked at start, so a bad one exits instead. */
  private async waitReady(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (let delay = 5; ; delay = Math.min(delay * 2, 100)) {
      if (await this.ping(1000)) return;
      if (this.exited) throw new Error('workerd exited before it served');
      if (Date.now() > deadline) throw new Error(`workerd did not serve within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, delay));
    }
  }

  /** Whether the process answers within `timeoutMs`: a function stuck in a loop holds its only thread. */
  async ping(timeoutMs: number): Promise<boolean> {
    try {
      const res = await unixRequest(this.socket, { method: 'GET', path: '/__ping', signal: AbortSignal.timeout(timeoutMs), maxBytes: 16 });
      return res.status === 200;
    } catch {
      return false;
    }
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Killed or exited: calls go to a new process. */
  get gone(): boolean {
    return this.exited || this.killed;
  }

  private killed = false;

  kill(): void {
    this.killed = true;
    if (this.child && !this.exited) this.child.kill('SIGKILL');
  }
}
