import { lastRunEventSeqs, listRunEvents, notifyChannel, type ChannelListener, type Db } from '@sprout/db';
import { InProcessRunEventHub, type RunEventHub, type RunEventListener } from './event-hub';
import { eventFromRecord, TERMINAL_EVENTS, type RunEvent } from './events';

export const RUN_EVENTS_CHANNEL = 'sprout_run_events';
export const RUN_CONTROL_CHANNEL = 'sprout_run_control';

/** Payloads stay well under PostgreSQL's 8000-byte NOTIFY limit. */
const MAX_PAYLOAD = 7000;
/** Notifications of several runs' stored batches go out together, at most this often. */
const NOTIFY_EVERY_MS = 10;
/**
 * Safety net for lost notifications (a LISTEN connection that dropped, a NOTIFY that failed): this
 * often, what is stored for every followed remote run is compared with what its followers have.
 */
const POLL_MS = 2_000;

type Pointer = { r: string; s: number };
type Log = { warn(obj: object, msg: string): void };

interface Follow {
  /** Per subscription: the highest seq it was given (events reach it from two sources, once each). */
  subs: Set<{ last: number; listener: RunEventListener }>;
  reading: Promise<void>;
  /** Highest stored seq known here: announced by an instance, or found by the poll. */
  announced: number;
}

/**
 * The event hub of several API instances sharing one PostgreSQL database. Events of runs this
 * instance executes reach its own subscribers at once (as with the in-process hub); once a batch is
 * stored, a NOTIFY names the run and the last stored seq, and every other instance with followers
 * of that run reads the new events from the database and delivers them. The payload is a pointer,
 * never the event: the database stays the one source of truth, so a follower can never see an
 * event that is not stored. Stop requests for a run executing elsewhere travel the same way.
 */
export class PgRunEventHub implements RunEventHub {
  private readonly local = new InProcessRunEventHub();
  private readonly follows = new Map<string, Follow>();
  private pending: Pointer[] = [];
  private notifyTimer: NodeJS.Timeout | null = null;
  private sending: Promise<void> = Promise.resolve();
  private readonly poller: NodeJS.Timeout;
  private stopHandler: ((runId: string) => void) | null = null;
  /** Runs executing here until their terminal event: their followers here are served by publish, not by polling. */
  private readonly localRuns = new Set<string>();
  private polling = false;

  private constructor(
    private readonly db: Db,
    private readonly listener: ChannelListener,
    readonly instanceId: string,
    private readonly log?: Log,
  ) {
    this.poller = setInterval(() => void this.catchUpAll(), POLL_MS);
    this.poller.unref();
  }

  static async start(db: Db, listener: ChannelListener, instanceId: string, log?: Log): Promise<PgRunEventHub> {
    const hub = new PgRunEventHub(db, listener, instanceId, log);
    listener.onReconnect(() => void hub.catchUpAll());
    await listener.listen(RUN_EVENTS_CHANNEL, (payload) => hub.onNotification(payload));
    await listener.listen(RUN_CONTROL_CHANNEL, (payload) => hub.onControl(payload));
    return hub;
  }

  publish(event: RunEvent): void {
    if (TERMINAL_EVENTS.has(event.type)) this.localRuns.delete(event.runId);
    else this.localRuns.add(event.runId);
    this.local.publish(event);
  }

  markPersisted(runId: string, seq: number): void {
    this.local.markPersisted(runId, seq);
    this.pending.push({ r: runId, s: seq });
    this.notifyTimer ??= setTimeout(() => this.sendNotifications(), NOTIFY_EVERY_MS);
  }

  subscribe(runId: string, listener: RunEventListener): { backlog: RunEvent[]; unsubscribe(): void } {
    const sub = { last: 0, listener };
    const deliver = (e: RunEvent) => {
      if (e.seq <= sub.last) return;
      sub.last = e.seq;
      listener(e);
    };
    const inner = this.local.subscribe(runId, deliver);
    const follow = this.follows.get(runId) ?? { subs: new Set(), reading: Promise.resolve(), announced: 0 };
    const entry = {
      get last() {
        return sub.last;
      },
      listener: deliver,
    };
    follow.subs.add(entry);
    this.follows.set(runId, follow);
    return {
      backlog: inner.backlog,
      unsubscribe: () => {
        inner.unsubscribe();
        follow.subs.delete(entry);
        if (follow.subs.size === 0 && this.follows.get(runId) === follow) this.follows.delete(runId);
      },
    };
  }

  /** Asks whichever instance executes `runId` to stop it. */
  async requestStop(runId: string): Promise<void> {
    await notifyChannel(this.db, RUN_CONTROL_CHANNEL, JSON.stringify({ r: runId, a: 'stop', i: this.instanceId }));
  }

  onStopRequest(handler: (runId: string) => void): void {
    this.stopHandler = handler;
  }

  async close(): Promise<void> {
    clearInterval(this.poller);
    if (this.notifyTimer) clearTimeout(this.notifyTimer);
    this.notifyTimer = null;
    this.sendNotifications();
    await this.sending;
    await this.listener.close();
  }

  private sendNotifications(): void {
    this.notifyTimer = null;
    const latest = new Map<string, number>();
    for (const p of this.pending) latest.set(p.r, Math.max(latest.get(p.r) ?? 0, p.s));
    this.pending = [];
    if (latest.size === 0) return;
    const payloads: string[] = [];
    let batch: Pointer[] = [];
    for (const [r, s] of latest) {
      batch.push({ r, s });
      if (JSON.stringify({ i: this.instanceId, e: batch }).length > MAX_PAYLOAD) {
        batch.pop();
        payloads.push(JSON.stringify({ i: this.instanceId, e: batch }));
        batch = [{ r, s }];
      }
    }
    payloads.push(JSON.stringify({ i: this.instanceId, e: batch }));
    this.sending = this.sending.then(async () => {
      for (const payload of payloads) {
        try {
          await notifyChannel(this.db, RUN_EVENTS_CHANNEL, payload);
        } catch (err) {
          // Followers elsewhere catch up from the database by polling; nothing is lost, only late.
          this.log?.warn({ err }, 'run event notification failed');
        }
      }
    });
  }

  private onNotification(payload: string): void {
    let parsed: { i?: unknown; e?: unknown };
    try {
      parsed = JSON.parse(payload) as { i?: unknown; e?: unknown };
    } catch {
      return;
    }
    // Our own runs reached our subscribers when they were published.
    if (parsed.i === this.instanceId || !Array.isArray(parsed.e)) return;
    for (const p of parsed.e as Pointer[]) {
      const follow = typeof p?.r === 'string' ? this.follows.get(p.r) : undefined;
      if (!follow || typeof p.s !== 'number') continue;
      follow.announced = Math.max(follow.announced, p.s);
      this.catchUp(p.r, follow);
    }
  }

  private onControl(payload: string): void {
    try {
      const msg = JSON.parse(payload) as { r?: unknown; a?: unknown };
      if (msg.a === 'stop' && typeof msg.r === 'string') this.stopHandler?.(msg.r);
    } catch {
      // Not ours: ignore.
    }
  }

  /**
   * Asks the database how far each followed remote run has been stored (one query for all of them)
   * and catches up those whose followers are behind. What is stored counts, never only what was
   * announced: a notification lost with the LISTEN connection is never sent again, and a follower
   * that had everything announced before it would otherwise wait for the run's end for ever.
   */
  private async catchUpAll(): Promise<void> {
    const remote = [...this.follows].filter(([runId]) => !this.localRuns.has(runId));
    if (remote.length === 0 || this.polling) return;
    this.polling = true;
    try {
      const stored = await lastRunEventSeqs(
        this.db,
        remote.map(([runId]) => runId),
      );
      for (const [runId, follow] of remote) {
        follow.announced = Math.max(follow.announced, stored.get(runId) ?? 0);
        this.catchUp(runId, follow);
      }
    } catch (err) {
      this.log?.warn({ err }, 'looking for run events missed by notification failed; retrying on the next poll');
    } finally {
      this.polling = false;
    }
  }

  /** Reads what the followers of `runId` have not got yet from the database, one read at a time per run. */
  private catchUp(runId: string, follow: Follow): void {
    follow.reading = follow.reading.then(async () => {
      if (follow.subs.size === 0) return;
      const from = Math.min(...[...follow.subs].map((s) => s.last));
      if (from >= follow.announced) return;
      try {
        const events = (await listRunEvents(this.db, runId, from)).map(eventFromRecord);
        for (const e of events) for (const s of [...follow.subs]) s.listener(e);
      } catch (err) {
        this.log?.warn({ err, runId }, 'reading run events failed; retrying on the next notification');
      }
    });
  }
}
