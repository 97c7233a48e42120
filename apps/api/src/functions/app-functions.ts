import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { AppScope } from '@sprout/db';
import { FunctionRuntime } from '@sprout/functions';
import type { PreviewBuilder } from '@sprout/preview';
import type { Config } from '../config';
import { SecretBox } from './secret-box';
import { VersionFunctionCache } from './version-functions';

/** What a call's ctx.db may reach: one project's dataset, as its owner, while the call lasts. */
export interface CallGrant {
  /** The function called: what it adds is created by `visitor:function:<name>`. */
  name: string;
  scope: AppScope;
  ownerId: string;
  tier: string;
  origin: string;
  versionId: string;
}

export type BridgeRequestHandler = (grant: CallGrant, request: unknown) => Promise<{ status: number; body: unknown }>;

/**
 * Apps' functions in one API process: their bundles by version, the sealed secrets' key, and the
 * workerd runtime, started on the first call (a process that never serves one never starts it).
 */
export class AppFunctions {
  readonly versions: VersionFunctionCache;
  readonly box: SecretBox;
  private started: Promise<FunctionRuntime> | null = null;
  private readonly grants = new Map<string, CallGrant>();
  private bridge: BridgeRequestHandler | null = null;

  constructor(
    private readonly config: Config,
    previews: PreviewBuilder,
    private readonly log: FastifyBaseLogger,
  ) {
    this.versions = new VersionFunctionCache(previews);
    this.box = SecretBox.fromConfig(config.functions);
  }

  /** What answers ctx.db (set once the services exist: it needs them). */
  answerBridge(handler: BridgeRequestHandler): void {
    this.bridge = handler;
  }

  runtime(): Promise<FunctionRuntime> {
    // A runtime that failed to start (workerd missing, a full disk) is tried again on the next call.
    this.started ??= this.start().catch((err: unknown) => {
      this.started = null;
      throw err;
    });
    return this.started;
  }

  private async start(): Promise<FunctionRuntime> {
    const { dir, allowHosts } = this.config.functions;
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const hostOf = (origin: string) => new URL(origin).hostname;
    return FunctionRuntime.start({
      dir,
      allowedHosts: allowHosts,
      // Sprout's own names: its API, its web app, every preview and every published app.
      blockedHosts: [
        ...new Set([
          hostOf(this.config.apiUrl),
          hostOf(this.config.webOrigin),
          this.config.previewDomain.split(':')[0]!,
          this.config.sitesDomain.split(':')[0]!,
        ]),
      ],
      bridge: async (token, request) => {
        const grant = this.grants.get(token);
        if (!grant || !this.bridge) return { status: 401, body: { code: 'unauthenticated', message: 'This call has ended.' } };
        return this.bridge(grant, request);
      },
      log: (line) => this.log.info({ functions: line }, 'functions runtime'),
    });
  }

  /** A token for one call's ctx.db, valid until `end` is called. */
  grant(grant: CallGrant): { token: string; end: () => void } {
    const token = randomBytes(24).toString('base64url');
    this.grants.set(token, grant);
    return { token, end: () => this.grants.delete(token) };
  }

  async close(): Promise<void> {
    const runtime = this.started;
    this.started = null;
    if (runtime) await (await runtime).close();
    await rm(this.config.functions.dir, { recursive: true, force: true });
  }
}
