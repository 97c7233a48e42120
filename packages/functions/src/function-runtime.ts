import path from 'node:path';
import { AppProcess } from './app-process';
import { startBridge, type BridgeHandler } from './bridge-server';
import type { CallOutcome, CallRequest, Envelope, CallLimits } from './call-outcome';
import { ReplyTooLarge, unixRequest } from './unix-http';
import { workerdCompatibilityDate } from './workerd-binary';

export interface Deployment {
  /** Whose functions: one process at a time serves a key (a project's dataset). */
  key: string;
  /** Which version of them: a new version starts a new process, and the old one ends when its calls have. */
  version: string;
  functions: { name: string; code: string }[];
}

export interface FunctionRuntimeOptions {
  /** A directory of its own (sockets, configs, bundles). */
  dir: string;
  allowedHosts: string[];
  blockedHosts: string[];
  bridge: BridgeHandler;
  /** An app process not called for this long is stopped. */
  idleMs?: number;
  /** Most processes at once: beyond it, the least recently used idle ones stop. */
  maxProcesses?: number;
  startTimeoutMs?: number;
  log: (line: string) => void;
}

interface Serving {
  version: string;
  memoryMb: number;
  process: Promise<AppProcess>;
}

const FAILURES = {
  timeout: (l: CallLimits) => `This function ran longer than ${l.wallMs / 1000} s and was stopped.`,
  cpu: (l: CallLimits) => `This function computed for more than ${l.cpuMs / 1000} s without a pause and was stopped.`,
  crashed: (l: CallLimits) => `This function crashed, never answered, or used more than ${l.memoryMb} MB of memory, and was stopped.`,
  too_large: (l: CallLimits) => `This function's reply is larger than ${Math.round(l.replyBytes / 1024 / 1024)} MB.`,
};

/**
 * Runs app functions in workerd: a process per app (project and dataset) serving its current
 * version, started on the first call and stopped when idle. A process is the blast radius: workerd
 * runs a process's isolates on one thread, so a function that loops stops its own app's calls, not
 * another app's, until the watchdog (a ping that must answer within the CPU limit) kills it.
 */
export class FunctionRuntime {
  private readonly serving = new Map<string, Serving>();
  private readonly processes = new Set<AppProcess>();
  private readonly stuck = new WeakSet<AppProcess>();
  /** The started process of each serving entry. */
  private readonly settled = new WeakMap<Serving, AppProcess>();
  private readonly timer: NodeJS.Timeout;

  private constructor(
    private readonly o: FunctionRuntimeOptions,
    private readonly compatibilityDate: string,
    private readonly bridge: { close(): Promise<void> },
  ) {
    this.timer = setInterval(() => this.reap(), 10_000);
    this.timer.unref();
  }

  static async start(o: FunctionRuntimeOptions): Promise<FunctionRuntime> {
    const bridge = await startBridge(path.join(o.dir, 'bridge.sock'), o.bridge);
    return new FunctionRuntime(o, workerdCompatibilityDate(), bridge);
  }

  async call(deployment: Deployment, name: string, request: CallRequest, limits: CallLimits): Promise<CallOutcome> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    if (!deployment.functions.some((fn) => fn.name === name))
      return { ok: false, reason: 'not_found', message: 'There is no function by this name.', durationMs: 0 };
    if ((request.body?.length ?? 0) > limits.requestBytes) {
      return { ok: false, reason: 'too_large', message: `A request to a function may be at most ${Math.round(limits.requestBytes / 1024)} KB.`, durationMs: 0 };
    }
    let proc: AppProcess;
    try {
      proc = await this.processFor(deployment, limits.memoryMb);
    } catch (err) {
      this.o.log(`functions: could not start ${deployment.key}: ${(err as Error).message}`);
      return { ok: false, reason: 'unavailable', message: 'Functions are unavailable right now. Try again in a moment.', durationMs: elapsed() };
    }
    proc.busy++;
    proc.lastUsed = Date.now();
    const watchdog = this.watch(proc, limits.cpuMs);
    const call = { method: request.method, url: request.url, user: request.user, visitor: request.visitor, env: request.env, token: request.token };
    const deadline = AbortSignal.timeout(limits.wallMs);
    try {
      const res = await unixRequest(proc.socket, {
        method: 'POST',
        path: `/${name}`,
        headers: { ...request.headers, 'x-sprout-call': Buffer.from(JSON.stringify(call)).toString('base64') },
        body: request.body,
        signal: deadline,
        // Base64 grows the body by a third; the envelope's other fields are capped by the wrapper.
        maxBytes: Math.ceil(limits.replyBytes * 1.34) + 1024 * 1024,
      });
      const envelope = JSON.parse(res.body.toString('utf8')) as Envelope;
      const body = envelope.body ? Buffer.from(envelope.body, 'base64') : Buffer.alloc(0);
      if (body.length > limits.replyBytes) return { ok: false, reason: 'too_large', message: FAILURES.too_large(limits), durationMs: elapsed() };
      const error = envelope.error ? { kind: envelope.error.kind, message: envelope.error.message, stack: envelope.error.stack ?? null } : null;
      return { ok: true, status: envelope.status, headers: envelope.headers, body, logs: envelope.logs, error, durationMs: elapsed() };
    } catch (err) {
      const reason = err instanceof ReplyTooLarge ? 'too_large' : this.stuck.has(proc) ? 'cpu' : deadline.aborted ? 'timeout' : 'crashed';
      return { ok: false, reason, message: FAILURES[reason](limits), durationMs: elapsed() };
    } finally {
      clearInterval(watchdog);
      proc.busy--;
      proc.lastUsed = Date.now();
      this.stopIfRetired(proc);
    }
  }

  /** While calls run: a process that cannot answer a ping within the CPU limit is stuck in a function, and killed. */
  private watch(proc: AppProcess, cpuMs: number): NodeJS.Timeout {
    let pinging = false;
    return setInterval(
      async () => {
        if (pinging || proc.exited) return;
        pinging = true;
        const alive = await proc.ping(cpuMs);
        pinging = false;
        if (!alive && !proc.exited) {
          this.stuck.add(proc);
          this.o.log(`functions: killed a process of ${this.keyOf(proc) ?? 'a retired app'}: no answer within ${cpuMs} ms`);
          proc.kill();
        }
      },
      Math.max(100, cpuMs / 2),
    );
  }

  private processFor(deployment: Deployment, memoryMb: number): Promise<AppProcess> {
    const current = this.serving.get(deployment.key);
    if (current && current.version === deployment.version && current.memoryMb === memoryMb) {
      return current.process.then((proc) => (proc.gone ? this.replace(deployment, memoryMb) : proc));
    }
    return this.replace(deployment, memoryMb);
  }

  private replace(deployment: Deployment, memoryMb: number): Promise<AppProcess> {
    const previous = this.serving.get(deployment.key);
    const process = AppProcess.start({
      root: this.o.dir,
      functions: deployment.functions,
      bridgeSocket: path.join(this.o.dir, 'bridge.sock'),
      allowedHosts: this.o.allowedHosts,
      blockedHosts: this.o.blockedHosts,
      memoryMb,
      compatibilityDate: this.compatibilityDate,
      startTimeoutMs: this.o.startTimeoutMs ?? 15_000,
      onExit: (proc) => this.processes.delete(proc),
      onOutput: (line) => this.o.log(`functions ${deployment.key}: ${line}`),
    });
    const serving = { version: deployment.version, memoryMb, process };
    this.serving.set(deployment.key, serving);
    process.then(
      (proc) => {
        this.processes.add(proc);
        this.settled.set(serving, proc);
        // The previous version ends once its calls have: a deploy drops no request in flight.
        void previous?.process.then(
          (old) => this.stopIfRetired(old),
          () => undefined,
        );
        this.limitProcesses();
      },
      () => {
        if (this.serving.get(deployment.key) === serving) this.serving.delete(deployment.key);
      },
    );
    return process;
  }

  private keyOf(proc: AppProcess): string | undefined {
    for (const [key, serving] of this.serving) if (this.settled.get(serving) === proc) return key;
    return undefined;
  }

  private isCurrent(proc: AppProcess): boolean {
    return this.keyOf(proc) !== undefined;
  }

  private stopIfRetired(proc: AppProcess): void {
    if (proc.busy === 0 && !this.isCurrent(proc)) proc.kill();
  }

  private reap(): void {
    const idleMs = this.o.idleMs ?? 5 * 60_000;
    for (const [key, serving] of this.serving) {
      const proc = this.settled.get(serving);
      if (proc && proc.busy === 0 && Date.now() - proc.lastUsed > idleMs) {
        this.serving.delete(key);
        proc.kill();
      }
    }
  }

  private limitProcesses(): void {
    const max = this.o.maxProcesses ?? 64;
    const idle = [...this.serving]
      .filter(([, s]) => (this.settled.get(s)?.busy ?? 1) === 0)
      .sort(([, a], [, b]) => this.settled.get(a)!.lastUsed - this.settled.get(b)!.lastUsed);
    while (this.serving.size > max && idle.length > 0) {
      const [key, serving] = idle.shift()!;
      this.serving.delete(key);
      this.settled.get(serving)!.kill();
    }
  }

  /** Stops every process and the bridge. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    for (const serving of this.serving.values())
      void serving.process.then(
        (p) => p.kill(),
        () => undefined,
      );
    for (const proc of this.processes) proc.kill();
    this.serving.clear();
    await this.bridge.close();
  }
}
