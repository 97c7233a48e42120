import { mkdir, rm } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { FunctionRuntime, type FunctionRunner, RemoteFunctionRuntime } from '@sprout/functions';
import type { PreviewBuilder } from '@sprout/preview';
import type { Config } from '../config';
import { type CallGrant, CallGrants } from './call-grants';
import { SecretBox } from './secret-box';
import { VersionFunctionCache } from './version-functions';

export type BridgeRequestHandler = (grant: CallGrant, request: unknown) => Promise<{ status: number; body: unknown }>;

/** Sprout's own names, which no function may reach: its API, its web app, every preview and every published app. */
export function sproutHosts(config: Config): string[] {
  const hostOf = (origin: string) => new URL(origin).hostname;
  return [...new Set([hostOf(config.apiUrl), hostOf(config.webOrigin), config.previewDomain.split(':')[0]!, config.sitesDomain.split(':')[0]!])];
}

/**
 * Apps' functions in one API process: their bundles by version, the sealed secrets' key, and the
 * runtime: workerd in this process, started on the first call (a process that never serves one never
 * starts it), or a runtime host of its own elsewhere (FUNCTIONS_URL).
 */
export class AppFunctions {
  readonly versions: VersionFunctionCache;
  readonly box: SecretBox;
  readonly grants: CallGrants;
  private started: Promise<FunctionRunner> | null = null;
  private bridge: BridgeRequestHandler | null = null;

  constructor(
    private readonly config: Config,
    previews: PreviewBuilder,
    private readonly log: FastifyBaseLogger,
  ) {
    this.versions = new VersionFunctionCache(previews);
    this.box = SecretBox.fromConfig(config.functions);
    this.grants = new CallGrants(config.functions.token);
  }

  /** What answers ctx.db (set once the services exist: it needs them). */
  answerBridge(handler: BridgeRequestHandler): void {
    this.bridge = handler;
  }

  /** A ctx.db request with its call's token, from this process's runtime or from a runtime host. */
  async bridgeRequest(token: string, request: unknown): Promise<{ status: number; body: unknown }> {
    const grant = this.grants.open(token);
    if (!grant || !this.bridge) return { status: 401, body: { code: 'unauthenticated', message: 'This call has ended.' } };
    return this.bridge(grant, request);
  }

  runtime(): Promise<FunctionRunner> {
    // A runtime that failed to start (workerd missing, a full disk) is tried again on the next call.
    this.started ??= this.start().catch((err: unknown) => {
      this.started = null;
      throw err;
    });
    return this.started;
  }

  private async start(): Promise<FunctionRunner> {
    const { dir, allowHosts, url, token } = this.config.functions;
    if (url) return new RemoteFunctionRuntime(url, token!);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true, mode: 0o700 });
    return FunctionRuntime.start({
      dir,
      allowedHosts: allowHosts,
      blockedHosts: sproutHosts(this.config),
      bridge: (callToken, request) => this.bridgeRequest(callToken, request),
      log: (line) => this.log.info({ functions: line }, 'functions runtime'),
    });
  }

  /** The token of one call's ctx.db: it lasts the call's wall time (and a margin for the last request in flight). */
  grant(grant: CallGrant, wallMs: number): string {
    return this.grants.sign(grant, wallMs + 5_000);
  }

  async close(): Promise<void> {
    const runtime = this.started;
    this.started = null;
    if (runtime) await (await runtime).close();
    if (!this.config.functions.url) await rm(this.config.functions.dir, { recursive: true, force: true });
  }
}
