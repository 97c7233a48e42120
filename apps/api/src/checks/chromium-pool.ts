import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
import { canRun } from './chromium-path';

export const CHROMIUM_MISSING = 'Chromium is not installed on the server (apt-get install chromium)';
export const POOL_CLOSED = 'The server is shutting down.';
export const CHECK_STOPPED = 'The check was stopped.';
export const CHROMIUM_HUNG = 'Chromium stopped answering on the server; the next check starts it again.';

/**
 * Debian's Chromium, headless, as on this project's machines (no downloaded browser). No name
 * resolves: everything a checked page loads is answered by the API in-process (check-requests.ts),
 * and anything else is refused there; this flag is the second lock on the same door. WebRTC talks
 * UDP to addresses, not names, and outside the request interception: with no proxy, this policy
 * leaves it no way out (STUN and TURN packets to a listener on the machine: none arrive).
 */
export const CHECK_BROWSER_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-extensions',
  '--disable-dev-shm-usage',
  '--mute-audio',
  '--host-resolver-rules=MAP * ~NOTFOUND',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
  // The headless shell build reads the policy only from this one (the full browser from either):
  // without it, its pages send STUN packets to any address they name.
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  // A checked page's JavaScript heap is capped: past it the page crashes (and the check says so)
  // instead of growing the shared browser by gigabytes.
  '--js-flags=--max-old-space-size=256',
];

// A checked page has no use for peer connections; without them it cannot even ask for a candidate.
const NO_PEER_CONNECTIONS = `for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel', 'RTCIceCandidate', 'RTCSessionDescription']) {
  try { Object.defineProperty(globalThis, name, { value: undefined, configurable: false, writable: false }); } catch {}
}`;

/** A context as every check gets it: no peer connections in any of its pages. */
async function checkContext(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript(NO_PEER_CONNECTIONS);
  return context;
}

// After a failed launch, checks answer "skipped" at once for this long instead of trying again each time.
const RELAUNCH_AFTER_FAILURE_MS = 30_000;
// A context that does not close in this long takes the browser down with it (Chromium closes even a
// page stuck in an endless loop within a second or two; this is for a browser that is itself stuck).
const CONTEXT_CLOSE_MS = 15_000;
// A new context takes well under a second even on a busy machine: one not made in this long is a
// browser that is itself stuck (frozen, starved of memory), which would hold every check for ever.
const CONTEXT_OPEN_MS = 60_000;

export interface ChromiumPoolOptions {
  executablePath: string;
  /** Contexts (checks) open at once; more wait in order. */
  concurrency: number;
  /** Told when Chromium could not be started (the checks then answer CHROMIUM_MISSING). */
  onLaunchFailed?: (err: unknown) => void;
  /**
   * Contexts made ahead, each with a blank page, while no check runs (default none): a check then
   * starts without waiting for Chromium to start a page's process, a few hundred milliseconds on a
   * busy machine, in the middle of the work a version waits for. Never used, so as fresh as a new one.
   */
  spares?: number;
  /** How long a context may take to close before its browser is ended (default CONTEXT_CLOSE_MS). */
  contextCloseMs?: number;
  /** How long a new context may take before its browser is taken to be stuck (default CONTEXT_OPEN_MS). */
  contextOpenMs?: number;
}

export type PoolAnswer<T> = { ok: true; value: T } | { ok: false; reason: string };

/**
 * One headless Chromium for the process, launched on first use, with at most `concurrency` fresh
 * browser contexts (one per check) at a time. A browser that died is launched again on the next use.
 */
export class ChromiumPool {
  private browser: Promise<Browser> | null = null;
  /** What `browser` resolved to, once it has. */
  private current: Browser | null = null;
  /** Browsers being ended: a context asked of one of them in the meantime is asked of a new one. */
  private readonly retired = new WeakSet<Browser>();
  /** Checks each browser serves now: a retired one is closed only when the last of them is done. */
  private readonly serving = new Map<Browser, number>();
  private launchFailedAt = -Infinity;
  private active = 0;
  /** Checks waiting for a slot, in the order they asked, with whose they are. */
  private readonly waiting: { owner: string; wake: (granted: boolean) => void }[] = [];
  /** Slots each person's checks hold now: the next slot goes to whoever holds fewest. */
  private readonly holding = new Map<string, number>();
  private closed = false;
  private launchCount = 0;
  private readonly spares: { key: string; browser: Browser; context: BrowserContext }[] = [];
  private filling = false;
  private lastOptions: BrowserContextOptions | null = null;

  constructor(private readonly o: ChromiumPoolOptions) {}

  /**
   * Whether the executable is there (it is not started). Synchronous inside (one stat, microseconds):
   * checked on the thread pool, the answers of checks asked one after another could come back in any
   * order, and a check would lose its place in line to one that asked after it.
   */
  async probe(): Promise<{ ok: true } | { ok: false; reason: string }> {
    return canRun(this.o.executablePath) ? { ok: true } : { ok: false, reason: CHROMIUM_MISSING };
  }

  isClosed(): boolean {
    return this.closed;
  }

  /** For tests and the bench: contexts open now, checks waiting, and how often Chromium was started. */
  stats(): { active: number; queued: number; launches: number } {
    return { active: this.active, queued: this.waiting.length, launches: this.launchCount };
  }

  /**
   * Runs `fn` with a new context once a slot is free, and closes the context after it. Answers
   * `{ ok: false, reason }` without running it when Chromium is missing or cannot start, when
   * `signal` aborts while waiting, or when the pool is closed. `owner`: whose check it is — a freed
   * slot goes to the waiting person who holds fewest (in the order they asked among equals), so one
   * person's many or slow checks never keep another's waiting behind all of them.
   */
  async withContext<T>(options: BrowserContextOptions, fn: (context: BrowserContext) => Promise<T>, signal?: AbortSignal, owner = ''): Promise<PoolAnswer<T>> {
    if (this.closed) return { ok: false, reason: POOL_CLOSED };
    const present = await this.probe();
    if (!present.ok) return present;
    if (!(await this.acquire(owner, signal))) return { ok: false, reason: this.closed ? POOL_CLOSED : CHECK_STOPPED };
    this.lastOptions = options;
    let context: BrowserContext | null | 'stuck';
    try {
      context = this.takeSpare(JSON.stringify(options)) ?? (await this.newContext(options));
    } catch (err) {
      this.release(owner);
      throw err;
    }
    if (context === 'stuck') {
      this.release(owner);
      return { ok: false, reason: CHROMIUM_HUNG };
    }
    if (!context) {
      this.release(owner);
      return { ok: false, reason: this.closed ? POOL_CLOSED : CHROMIUM_MISSING };
    }
    const used = context;
    const browser = used.browser();
    if (browser) this.serving.set(browser, (this.serving.get(browser) ?? 0) + 1);
    try {
      return { ok: true, value: await fn(used) };
    } finally {
      // The answer does not wait for the context to close (a few hundred ms on a busy machine, and a
      // version waits for the answer); the slot does, so the concurrency bound still holds.
      const done = () => {
        if (browser) this.served(browser);
        this.release(owner);
      };
      void this.dispose(used).then(done, done);
    }
  }

  /** Stops taking checks, tells the waiting ones, and closes Chromium. */
  async close(): Promise<void> {
    this.closed = true;
    for (const { wake } of this.waiting.splice(0)) wake(false);
    const browser = this.browser;
    this.browser = null;
    this.current = null;
    this.spares.length = 0;
    await browser?.then((b) => b.close()).catch(() => undefined);
  }

  /** Spare contexts ready now (for tests and the bench). */
  spareCount(): number {
    return this.spares.length;
  }

  /** A spare made for the same options by the browser in use, or null. */
  private takeSpare(key: string): BrowserContext | null {
    for (;;) {
      const i = this.spares.findIndex((spare) => spare.key === key);
      if (i < 0) return null;
      const [spare] = this.spares.splice(i, 1);
      if (spare!.browser === this.current && spare!.browser.isConnected()) return spare!.context;
      void spare!.context.close().catch(() => undefined);
    }
  }

  /** Makes spares up to `spares` for the last checks' options, while no check runs. */
  private async refill(): Promise<void> {
    const want = this.o.spares ?? 0;
    const options = this.lastOptions;
    if (this.filling || want === 0 || !options) return;
    this.filling = true;
    try {
      while (!this.closed && this.active === 0 && this.spares.length < want) {
        const browser = this.current;
        if (!browser?.isConnected()) return;
        const context = await checkContext(browser, options);
        await context.newPage();
        if (this.closed || browser !== this.current) {
          await context.close();
          return;
        }
        this.spares.push({ key: JSON.stringify(options), browser, context });
      }
    } catch {
      // The browser died or is being ended meanwhile: the next check launches a new one as before.
    } finally {
      this.filling = false;
    }
  }

  private acquire(owner: string, signal?: AbortSignal): Promise<boolean> {
    if (signal?.aborted) return Promise.resolve(false);
    if (this.active < this.o.concurrency) {
      this.active += 1;
      this.hold(owner, 1);
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const entry = {
        owner,
        wake: (granted: boolean) => {
          signal?.removeEventListener('abort', onAbort);
          if (granted) this.hold(owner, 1);
          resolve(granted);
        },
      };
      const onAbort = () => {
        const i = this.waiting.indexOf(entry);
        if (i !== -1) this.waiting.splice(i, 1);
        resolve(false);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(entry);
    });
  }

  private hold(owner: string, by: number): void {
    const n = (this.holding.get(owner) ?? 0) + by;
    if (n > 0) this.holding.set(owner, n);
    else this.holding.delete(owner);
  }

  private release(owner: string): void {
    this.hold(owner, -1);
    // The slot passes straight to the waiting check whose person holds fewest; among equals, the first to ask.
    let best = -1;
    for (let i = 0; i < this.waiting.length; i++) {
      const held = this.holding.get(this.waiting[i]!.owner) ?? 0;
      if (best === -1 || held < (this.holding.get(this.waiting[best]!.owner) ?? 0)) best = i;
    }
    if (best !== -1) this.waiting.splice(best, 1)[0]!.wake(true);
    else if (--this.active === 0) void this.refill();
  }

  private async newContext(options: BrowserContextOptions): Promise<BrowserContext | null | 'stuck'> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const browser = await this.launched();
      if (!browser) return null;
      try {
        return await this.openedInTime(browser, options);
      } catch (err) {
        // It died or is being ended (crash, killed, retired): once more with a new one.
        if (attempt === 1 || (browser.isConnected() && !this.retired.has(browser))) throw err;
        this.forget(browser);
      }
    }
    return null;
  }

  /**
   * `browser`'s new context, or 'stuck' when it did not make one in time: that browser is retired (the
   * next check launches a new one; it is closed once the checks it serves end), and a context it
   * makes late is closed.
   */
  private async openedInTime(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext | 'stuck'> {
    const opening = checkContext(browser, options);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<'stuck'>((resolve) => {
      timer = setTimeout(() => resolve('stuck'), this.o.contextOpenMs ?? CONTEXT_OPEN_MS);
    });
    const answer = await Promise.race([opening, late]).finally(() => clearTimeout(timer));
    if (answer !== 'stuck') return answer;
    opening.then(
      (context) => void context.close().catch(() => undefined),
      () => undefined,
    );
    this.retired.add(browser);
    this.forget(browser);
    if (!this.serving.get(browser)) void browser.close().catch(() => undefined);
    return 'stuck';
  }

  private async launched(): Promise<Browser | null> {
    if (this.closed || performance.now() - this.launchFailedAt < RELAUNCH_AFTER_FAILURE_MS) return null;
    if (!this.browser) {
      this.launchCount += 1;
      const launching = chromium.launch({
        executablePath: this.o.executablePath,
        args: CHECK_BROWSER_ARGS,
        timeout: 30_000,
        // The API's own shutdown closes it (services' onClose); Playwright still kills it if the process exits.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      });
      this.browser = launching;
      launching.then(
        (b) => {
          b.on('disconnected', () => this.forget(b));
          if (this.browser === launching) this.current = b;
        },
        () => undefined,
      );
    }
    const pending = this.browser;
    try {
      const browser = await pending;
      // Closed while it was starting.
      if (this.closed) {
        await browser.close().catch(() => undefined);
        return null;
      }
      return browser;
    } catch (err) {
      if (this.browser === pending) this.browser = null;
      this.launchFailedAt = performance.now();
      this.o.onLaunchFailed?.(err);
      return null;
    }
  }

  /** A browser that died or misbehaves: the next check launches a new one. */
  private forget(browser: Browser): void {
    for (let i = this.spares.length - 1; i >= 0; i--) if (this.spares[i]!.browser === browser) this.spares.splice(i, 1);
    if (this.current !== browser) return;
    this.current = null;
    this.browser = null;
  }

  private async dispose(context: BrowserContext): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const closed = await Promise.race([
      context.close().then(
        () => true,
        () => true,
      ),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), this.o.contextCloseMs ?? CONTEXT_CLOSE_MS);
      }),
    ]);
    clearTimeout(timer);
    if (closed) return;
    // A browser that will not let go: the next check starts a new one, and this one is ended once
    // the other checks it serves are done (closing it under them would skip them), without waiting
    // for it (the slot is free at once).
    const browser = context.browser();
    if (browser) {
      this.retired.add(browser);
      this.forget(browser);
    }
  }

  private served(browser: Browser): void {
    const left = (this.serving.get(browser) ?? 1) - 1;
    if (left > 0) {
      this.serving.set(browser, left);
      return;
    }
    this.serving.delete(browser);
    if (this.retired.has(browser)) void browser.close().catch(() => undefined);
  }
}
