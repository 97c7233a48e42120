import type { FastifyBaseLogger } from 'fastify';
import { createPgListener, type DbHandle } from '@sprout/db';
import {
  findCatalogModel,
  InProcessRunEventHub,
  ModelConfigError,
  PgRunEventHub,
  resolveModel,
  RunManager,
  type ResolvedModel,
  type EngineDeps,
  type EngineMetrics,
  type RenderCheckFn,
  type RunEventHub,
} from '@sprout/engine';
import { ALLOWED_PACKAGES } from '@sprout/template';
import type { Config } from '../config';
import type { PreviewBuild } from '../previews/preview-builds';

/**
 * The generation engine as the API uses it: one run manager and one event hub per process. On
 * PostgreSQL the hub is LISTEN/NOTIFY (a run executing on one instance is followed live through
 * any other) and runs are leased, so instances only ever end runs whose process is gone; on PGlite
 * (one process per database) the hub is in-process and every run left running ended with the
 * previous process.
 */
export interface EngineService {
  runs: RunManager;
  hub: RunEventHub;
  /** The default model, or the offered one a name stands for (aiModelOverride, a run's model); throws ModelConfigError. */
  model(spec?: string | null): ResolvedModel;
}

/** A run no worker took in this long (none running, or all full) ends as interrupted and is given back. */
const RUN_QUEUE_WAIT_SECONDS = 600;

/**
 * `renderCheck`: the host's check of each candidate version in Chromium (src/checks), before it can
 * become current; `keepScreenshot`: where the picture it took is kept (the file store);
 * `typeChecker`: where the advisory type check runs (none: a compiler process here).
 */
export async function createEngineService(
  config: Config,
  dbHandle: DbHandle,
  build: PreviewBuild,
  log: FastifyBaseLogger,
  renderCheck?: RenderCheckFn,
  metrics?: EngineMetrics,
  buildFunction?: EngineDeps['buildFunction'],
  keepScreenshot?: EngineDeps['keepScreenshot'],
  typeChecker?: EngineDeps['typeChecker'],
): Promise<EngineService> {
  const { db } = dbHandle;
  const shared = dbHandle.kind === 'postgres' && dbHandle.listenUrl !== undefined;
  const instanceId = `${process.pid.toString(36)}${Math.random().toString(36).slice(2, 10)}`;
  const hub: RunEventHub = shared
    ? await PgRunEventHub.start(
        db,
        createPgListener(dbHandle.listenUrl!, { onError: (err) => log.warn({ err }, 'run event listener connection error') }),
        instanceId,
        log,
      )
    : new InProcessRunEventHub();
  const runs = new RunManager(
    {
      db,
      hub,
      packages: ALLOWED_PACKAGES,
      maxRetries: config.models.maxRetries,
      log,
      build,
      buildFunction,
      typeCheck: { timeoutMs: config.typeCheckTimeoutSeconds * 1000 },
      typeChecker,
      freeFailedAnswersPerDay: config.freeFailedAnswersPerDay,
      renderCheck,
      keepScreenshot,
      metrics,
    },
    { instanceId, leaseSeconds: config.runLeaseSeconds, sweep: shared, queueWaitSeconds: shared ? RUN_QUEUE_WAIT_SECONDS : undefined },
  );
  const interrupted = await runs.recoverInterrupted({ all: !shared });
  if (interrupted) log.warn({ interrupted }, 'runs a restart left without an end were ended (the interrupted ones give their messages back)');
  return {
    runs,
    hub,
    model: (name) => {
      const { catalog, providers } = config.models;
      const entry = name ? findCatalogModel(catalog, name) : catalog.default;
      if (!entry)
        throw new ModelConfigError(`"${name!.slice(0, 80)}" is not one of the models this Sprout offers (${catalog.models.map((m) => m.label).join(', ')}).`);
      // People see the label, never the spec's address.
      return { ...resolveModel(entry.spec, providers), id: entry.label };
    },
  };
}
