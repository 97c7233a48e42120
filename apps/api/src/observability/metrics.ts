import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DbHandle } from '@sprout/db';
import { BoundedLabel } from './labels';

const SECONDS = (ms: number) => ms / 1000;

export type JobQueueName = 'runs' | 'checks' | 'type_checks' | 'publishes';

/** What the metrics read when Prometheus scrapes them. */
export interface MetricsSources {
  db: Pick<DbHandle, 'kind' | 'poolStats'>;
  /** Runs this instance executes right now. */
  activeRuns(): number;
  /** Jobs waiting in each queue for a worker (every instance sees the same queues): runs, and checks, type checks and publishes on a shared PostgreSQL. */
  waitingJobs(): Promise<Partial<Record<JobQueueName, number>>>;
}

/**
 * The API's Prometheus metrics (`GET /metrics`), one registry per app so several apps in one
 * process (tests) keep theirs apart. The series and what to alert on: docs/deploy.md.
 */
export class Metrics {
  readonly registry = new Registry();
  /** Model labels are the operator's (SPROUT_MODEL, SPROUT_MODELS); failure codes the engine's. */
  readonly models = new BoundedLabel(50);
  readonly codes = new BoundedLabel(60, /^[a-z][a-z0-9_]{0,39}$/);

  readonly httpDuration: Histogram<'method' | 'route' | 'status_class'>;
  readonly runsStarted: Counter<'kind' | 'model'>;
  readonly runsEnded: Counter<'kind' | 'outcome' | 'model'>;
  readonly runDuration: Histogram<'kind' | 'outcome'>;
  readonly runFailures: Counter<'kind' | 'code'>;
  readonly fixRounds: Counter<'kind' | 'reason'>;
  readonly runFixRounds: Histogram<'kind'>;
  readonly tokens: Counter<'model' | 'type'>;
  readonly buildDuration: Histogram<'outcome'>;
  readonly checkDuration: Histogram<'check' | 'outcome'>;
  readonly checksSkipped: Counter<'check'>;
  readonly eventStreams: Gauge;
  readonly jobWait: Histogram;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: 'sprout_http_request_duration_seconds',
      help: 'HTTP requests answered, by route pattern and status class, and how long they took (event streams: until the stream ended).',
      labelNames: ['method', 'route', 'status_class'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.runsStarted = new Counter({ name: 'sprout_runs_started_total', help: 'Runs started on this instance.', labelNames: ['kind', 'model'], registers });
    this.runsEnded = new Counter({
      name: 'sprout_runs_total',
      help: 'Runs ended, by outcome: succeeded, failed, stopped, interrupted (counted where they were ended).',
      labelNames: ['kind', 'outcome', 'model'],
      registers,
    });
    this.runDuration = new Histogram({
      name: 'sprout_run_duration_seconds',
      help: 'How long runs took from start to their end.',
      labelNames: ['kind', 'outcome'],
      buckets: [1, 2, 5, 10, 20, 30, 60, 120, 300, 600],
      registers,
    });
    this.runFailures = new Counter({ name: 'sprout_run_failures_total', help: 'Failed runs by failure code.', labelNames: ['kind', 'code'], registers });
    new Gauge({ name: 'sprout_runs_active', help: 'Runs this instance executes right now.', registers, collect: countOf(sources.activeRuns) });
    new Gauge({
      name: 'sprout_jobs_waiting',
      help: 'Jobs waiting in the queue for a worker, by queue (the same figure on every instance).',
      labelNames: ['queue'],
      registers,
      async collect() {
        for (const [queue, n] of Object.entries(await sources.waitingJobs())) this.set({ queue }, n);
      },
    });
    this.jobWait = new Histogram({
      name: 'sprout_job_wait_seconds',
      help: 'How long each job taken by this instance waited in the queue, by queue.',
      labelNames: ['queue'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15, 60, 300],
      registers,
    });
    this.fixRounds = new Counter({
      name: 'sprout_fix_rounds_total',
      help: 'Model requests after a run’s first: errors and runtime fix rounds, continuations, placeholder requests.',
      labelNames: ['kind', 'reason'],
      registers,
    });
    this.runFixRounds = new Histogram({
      name: 'sprout_run_fix_rounds',
      help: 'Fix rounds per ended run.',
      labelNames: ['kind'],
      buckets: [0, 1, 2, 3],
      registers,
    });
    this.tokens = new Counter({
      name: 'sprout_model_tokens_total',
      help: 'Model tokens of ended runs: input read from the provider’s prompt cache, the rest of the input, and output.',
      labelNames: ['model', 'type'],
      registers,
    });
    this.buildDuration = new Histogram({
      name: 'sprout_preview_build_duration_seconds',
      help: 'Preview builds (run checks and cache misses of the preview host): ok, failed (the project has errors) or error (the builder).',
      labelNames: ['outcome'],
      buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.checkDuration = new Histogram({
      name: 'sprout_check_duration_seconds',
      help: 'Checks of a run round: build_and_lint, type_check, render_check, by outcome (skipped ones are counted apart).',
      labelNames: ['check', 'outcome'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30],
      registers,
    });
    this.checksSkipped = new Counter({
      name: 'sprout_checks_skipped_total',
      help: 'Checks skipped (no Chromium, too large, too slow, build failed).',
      labelNames: ['check'],
      registers,
    });
    this.eventStreams = new Gauge({ name: 'sprout_event_streams_open', help: 'Run event streams (SSE) open on this instance.', registers });
    poolGauges(this.registry, sources.db);
  }

  observeHttp(labels: { method: string; route: string; status_class: string }, ms: number): void {
    this.httpDuration.observe(labels, SECONDS(ms));
  }

  observeJobWait(queue: JobQueueName, seconds: number): void {
    this.jobWait.observe({ queue }, seconds);
  }

  observeBuild(outcome: 'ok' | 'failed' | 'error', ms: number): void {
    this.buildDuration.observe({ outcome }, SECONDS(ms));
  }

  observeCheck(check: 'build_and_lint' | 'type_check' | 'render_check', outcome: string, ms: number): void {
    if (outcome === 'skipped') this.checksSkipped.inc({ check });
    else this.checkDuration.observe({ check, outcome }, SECONDS(ms));
  }

  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

const countOf = (read: () => number) =>
  function (this: Gauge) {
    this.set(read());
  };

/**
 * PostgreSQL: the pool's connections by state (total, idle, and requests waiting for one) and its
 * size. PGlite is one connection inside the process: its total and size are 1 and nothing waits
 * in a pool (queries queue inside PGlite, which reports no queue), so idle and waiting are absent.
 */
function poolGauges(registry: Registry, db: MetricsSources['db']) {
  const registers = [registry];
  new Gauge({
    name: 'sprout_db_info',
    help: 'The database this instance uses (kind: postgres or pglite); always 1.',
    labelNames: ['kind'],
    registers,
    collect() {
      this.set({ kind: db.kind }, 1);
    },
  });
  new Gauge({
    name: 'sprout_db_pool_connections',
    help: 'Database connections by state: total (open), idle, waiting (queries queued for a connection). PGlite: total only.',
    labelNames: ['state'],
    registers,
    collect() {
      const s = db.poolStats?.();
      if (!s) return void this.set({ state: 'total' }, 1);
      this.set({ state: 'total' }, s.total);
      this.set({ state: 'idle' }, s.idle);
      this.set({ state: 'waiting' }, s.waiting);
    },
  });
  new Gauge({
    name: 'sprout_db_pool_max',
    help: 'The most connections the pool opens (DATABASE_URL); 1 for PGlite.',
    registers,
    collect() {
      this.set(db.poolStats?.().max ?? 1);
    },
  });
}
