import { pbkdf2 } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { CHECK_STOPPED, CHROMIUM_HUNG, CHROMIUM_MISSING, ChromiumPool, POOL_CLOSED } from './chromium-pool';
import { chromiumPath, freezeChromium } from '@sprout/testkit/browser';

const CHROMIUM = chromiumPath();
// One real Chromium for the file.
const pool = new ChromiumPool({ executablePath: CHROMIUM, concurrency: 2 });
afterAll(() => pool.close());

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Waits for the pool to reach a state (events, not time: the bound only turns a hang into a clear failure). */
async function until(condition: () => boolean): Promise<void> {
  const giveUp = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > giveUp) throw new Error(`the pool never got there: ${JSON.stringify(pool.stats())}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('without a usable Chromium', () => {
  it('answers that Chromium is not installed, without running anything, when the executable is missing', async () => {
    const missing = new ChromiumPool({ executablePath: '/nonexistent/chromium', concurrency: 2 });
    let ran = false;
    expect(await missing.probe()).toEqual({ ok: false, reason: CHROMIUM_MISSING });
    expect(
      await missing.withContext({}, async () => {
        ran = true;
      }),
    ).toEqual({ ok: false, reason: CHROMIUM_MISSING });
    expect(ran).toBe(false);
    expect(missing.stats()).toEqual({ active: 0, queued: 0, launches: 0 });
  });

  it('reports a launch that fails once, and answers the next checks at once without trying again', async () => {
    const failures: unknown[] = [];
    const broken = new ChromiumPool({ executablePath: '/bin/false', concurrency: 2, onLaunchFailed: (err) => failures.push(err) });
    expect(await broken.probe()).toEqual({ ok: true });
    expect(await broken.withContext({}, async () => 'ran')).toEqual({ ok: false, reason: CHROMIUM_MISSING });
    expect(await broken.withContext({}, async () => 'ran')).toEqual({ ok: false, reason: CHROMIUM_MISSING });
    expect(failures).toHaveLength(1);
    expect(broken.stats()).toEqual({ active: 0, queued: 0, launches: 1 });
    await broken.close();
  });
});

describe('a pool of one Chromium', () => {
  it('launches on first use and gives each check a fresh context', async () => {
    expect(pool.stats().launches).toBe(0);
    const first = await pool.withContext({}, async (context) => {
      await context.newPage();
      await context.addCookies([{ name: 'left', value: 'behind', url: 'http://app.example/' }]);
      return context.pages().length;
    });
    expect(first).toEqual({ ok: true, value: 1 });
    const second = await pool.withContext({}, async (context) => ({ pages: context.pages().length, cookies: await context.cookies() }));
    expect(second).toEqual({ ok: true, value: { pages: 0, cookies: [] } });
    // The slot is free once the context has closed, which the answer does not wait for.
    await until(() => pool.stats().active === 0);
    expect(pool.stats()).toEqual({ active: 0, queued: 0, launches: 1 });
  });

  it('runs at most `concurrency` checks at once; the others wait their turn, in order', async () => {
    const gates = Array.from({ length: 6 }, gate);
    const started: number[] = [];
    const runs = gates.map((g, i) =>
      pool.withContext({}, async () => {
        started.push(i);
        await g.opened;
        return i;
      }),
    );
    await until(() => started.length === 2);
    expect(pool.stats()).toMatchObject({ active: 2, queued: 4 });
    for (let i = 0; i < gates.length; i++) {
      // One check ends: the next in line takes its slot.
      gates[i]!.open();
      await until(() => started.length === Math.min(6, i + 3));
      expect(pool.stats().active).toBeLessThanOrEqual(2);
    }
    expect((await Promise.all(runs)).map((r) => (r.ok ? r.value : r.reason))).toEqual([0, 1, 2, 3, 4, 5]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    await until(() => pool.stats().active === 0);
    expect(pool.stats()).toEqual({ active: 0, queued: 0, launches: 1 });
  });

  it("shares slots fairly between people: one person's queue of checks never keeps another waiting behind all of it", async () => {
    const gates = Array.from({ length: 7 }, gate);
    const started: string[] = [];
    const check = (owner: string, i: number) =>
      pool.withContext(
        {},
        async () => {
          started.push(`${owner}${i}`);
          await gates[i]!.opened;
        },
        undefined,
        owner,
      );
    // Ann asks for six checks at once; Bob asks for one after them.
    const runs = Array.from({ length: 6 }, (_, i) => check('ann', i));
    await until(() => started.length === 2);
    runs.push(check('bob', 6));
    await until(() => pool.stats().queued === 5);
    // The first slot freed goes to Bob, who holds none, though four of Ann's asked before him.
    gates[0]!.open();
    await until(() => started.length === 3);
    expect(started).toEqual(['ann0', 'ann1', 'bob6']);
    for (const g of gates) g.open();
    await Promise.all(runs);
    expect(started).toEqual(['ann0', 'ann1', 'bob6', 'ann2', 'ann3', 'ann4', 'ann5']);
    await until(() => pool.stats().active === 0);
  });

  it('serves checks in the order they asked, also while the thread pool answers file checks out of order', async () => {
    // Other work on libuv's thread pool (as the API's file reads and hashing are) finishes in any
    // order; a check must not lose its place in line to one that asked after it.
    for (let round = 0; round < 20; round++) {
      const noise: Promise<unknown>[] = [];
      const started: number[] = [];
      const runs = Array.from({ length: 12 }, (_, i) => {
        noise.push(new Promise((resolve) => pbkdf2('x', 'y', 1 + ((i * 7 + round) % 5) * 300, 16, 'sha256', resolve)));
        return pool.withContext({}, async () => {
          started.push(i);
        });
      });
      await Promise.all([...runs, ...noise]);
      expect(started, `round ${round}`).toEqual(Array.from({ length: 12 }, (_, i) => i));
    }
    await until(() => pool.stats().active === 0);
  });

  it('a waiting check that is stopped never runs, and leaves its place', async () => {
    const hold = [gate(), gate()];
    const busy = hold.map((g) => pool.withContext({}, () => g.opened));
    await until(() => pool.stats().active === 2);
    const stop = new AbortController();
    let ran = false;
    const waiting = pool.withContext(
      {},
      async () => {
        ran = true;
      },
      stop.signal,
    );
    await until(() => pool.stats().queued === 1);
    stop.abort();
    expect(await waiting).toEqual({ ok: false, reason: CHECK_STOPPED });
    expect(pool.stats().queued).toBe(0);
    for (const g of hold) g.open();
    await Promise.all(busy);
    expect(ran).toBe(false);
    await until(() => pool.stats().active === 0);
    expect(pool.stats()).toMatchObject({ active: 0, queued: 0 });
  });

  it('launches Chromium again when it died', async () => {
    const before = pool.stats().launches;
    await pool.withContext({}, async (context) => {
      await context.browser()!.close();
    });
    const after = await pool.withContext({}, async (context) => {
      const page = await context.newPage();
      return page.evaluate(() => 1 + 1);
    });
    expect(after).toEqual({ ok: true, value: 2 });
    expect(pool.stats().launches).toBe(before + 1);
  });
});

/**
 * Pids of the browsers this process started: processes under it that Playwright talks to over a
 * pipe, and not the shell script Debian starts each through.
 */
function browserPids(): number[] {
  const parents = new Map<number, number>();
  const pipes = new Set<number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.includes('--remote-debugging-pipe') && !cmdline.startsWith('/bin/sh')) pipes.add(Number(entry));
    } catch {
      // The process ended while it was read: not one of ours any more.
    }
  }
  const ours = (pid: number): boolean => {
    for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p)) if (p === process.pid) return true;
    return false;
  };
  return [...pipes].filter(ours);
}

describe('a browser that will not close a context', () => {
  it('is replaced for new checks, and ended only after the other checks it serves are done', async () => {
    const stuck = new ChromiumPool({ executablePath: CHROMIUM, concurrency: 2, contextCloseMs: 300 });
    let pid: number | undefined;
    try {
      const before = new Set(browserPids());
      const longer = gate();
      const started = gate();
      const other = stuck.withContext({}, async (context) => {
        const page = await context.newPage();
        started.open();
        await longer.opened;
        return page.evaluate(() => 'still here');
      });
      await started.opened;
      const stopped = gate();
      const quickStarted = gate();
      const quick = stuck.withContext({}, async () => {
        quickStarted.open();
        await stopped.opened;
        return 'answered';
      });
      // Its context made (a stopped browser could not make one), the quick check holds its slot.
      await quickStarted.opened;
      pid = browserPids().find((p) => !before.has(p));
      expect(pid).toBeTypeOf('number');
      // Stopped, the browser cannot close the quick check's context in time: the pool gives up on it.
      process.kill(pid!, 'SIGSTOP');
      stopped.open();
      expect(await quick).toEqual({ ok: true, value: 'answered' });
      const stuckUntil = Date.now() + 30_000;
      while (stuck.stats().active > 1) {
        if (Date.now() > stuckUntil) throw new Error(`the slot was never freed: ${JSON.stringify(stuck.stats())}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      process.kill(pid!, 'SIGCONT');
      // The next check gets a new browser; the one still running on the old browser finishes.
      expect(await stuck.withContext({}, async (context) => (await context.newPage()).evaluate(() => 2 + 2))).toEqual({ ok: true, value: 4 });
      expect(stuck.stats().launches).toBe(2);
      longer.open();
      expect(await other).toEqual({ ok: true, value: 'still here' });
    } finally {
      // A failure while it was stopped must not leave a stopped browser behind (nor hang its close).
      if (pid !== undefined) process.kill(pid, 'SIGCONT');
      await stuck.close();
    }
  });
});

describe('spare contexts', () => {
  it('makes them while idle, each with a blank page and nothing else, and hands them out instead of new ones', async () => {
    const own = new ChromiumPool({ executablePath: CHROMIUM, concurrency: 2, spares: 2 });
    try {
      const options = { viewport: { width: 640, height: 400 } };
      // The first check has none: the browser starts with it.
      const first = await own.withContext(options, async (context) => {
        await context.addCookies([{ name: 'left', value: 'behind', url: 'http://app.example/' }]);
        return context.pages().length;
      });
      expect(first).toEqual({ ok: true, value: 0 });
      await until(() => own.spareCount() === 2);
      const seen = await Promise.all(
        [0, 1].map(() =>
          own.withContext(options, async (context) => {
            const [page] = context.pages();
            return { pages: context.pages().length, url: page?.url(), cookies: await context.cookies(), width: await page?.evaluate(() => innerWidth) };
          }),
        ),
      );
      for (const answer of seen) expect(answer).toEqual({ ok: true, value: { pages: 1, url: 'about:blank', cookies: [], width: 640 } });
      // Both were taken; once idle again, two more are made.
      await until(() => own.spareCount() === 2 && own.stats().active === 0);
      // Other options never get a spare made for these.
      expect(await own.withContext({}, async (context) => context.pages().length)).toEqual({ ok: true, value: 0 });
      expect(own.stats().launches).toBe(1);
    } finally {
      await own.close();
    }
    expect(own.spareCount()).toBe(0);
  });

  it('drops the spares of a browser that died, and the next check gets a working context', async () => {
    const own = new ChromiumPool({ executablePath: CHROMIUM, concurrency: 1, spares: 1 });
    try {
      await own.withContext({}, async () => 'warm');
      await until(() => own.spareCount() === 1);
      await own.withContext({}, async (context) => {
        await context.browser()!.close();
      });
      const after = await own.withContext({}, async (context) => {
        const page = context.pages()[0] ?? (await context.newPage());
        return page.evaluate(() => 1 + 1);
      });
      expect(after).toEqual({ ok: true, value: 2 });
      expect(own.stats().launches).toBe(2);
    } finally {
      await own.close();
    }
  });
});

describe('a Chromium that stops answering', () => {
  it('answers at once that it is stuck when it makes no context in time, and the next check starts a new one', async () => {
    const own = new ChromiumPool({ executablePath: CHROMIUM, concurrency: 2, contextOpenMs: 5_000 });
    expect(await own.withContext({}, async (context) => (await context.newPage()).evaluate(() => 'ran'))).toEqual({ ok: true, value: 'ran' });
    // Its context closed (the answer does not wait for that), Chromium is idle when it stops.
    await until(() => own.stats().active === 0);
    const chromium = freezeChromium();
    try {
      let ran = false;
      const stuck = await own.withContext({}, async () => {
        ran = true;
      });
      expect(stuck).toEqual({ ok: false, reason: CHROMIUM_HUNG });
      expect(ran).toBe(false);
      // Its slot is free, and the next check runs in a new Chromium while the stuck one stays stopped.
      expect(own.stats()).toMatchObject({ active: 0, launches: 1 });
      const next = await own.withContext({}, async (context) => (await context.newPage()).evaluate(() => 1 + 1));
      expect(next).toEqual({ ok: true, value: 2 });
      expect(own.stats().launches).toBe(2);
    } finally {
      chromium.thaw();
      await own.close();
    }
  });
});

describe('closing', () => {
  it('tells the waiting checks, ends Chromium and refuses new checks', async () => {
    const own = new ChromiumPool({ executablePath: CHROMIUM, concurrency: 1 });
    const hold = gate();
    let browserClosed: Promise<unknown> | null = null;
    const running = own.withContext({}, async (context) => {
      browserClosed = new Promise((resolve) => context.browser()!.once('disconnected', resolve));
      await hold.opened;
    });
    await until(() => own.stats().active === 1);
    const waiting = own.withContext({}, async () => 'ran');
    await until(() => own.stats().queued === 1);
    await own.close();
    expect(await waiting).toEqual({ ok: false, reason: POOL_CLOSED });
    await browserClosed;
    hold.open();
    await running;
    expect(await own.withContext({}, async () => 'ran')).toEqual({ ok: false, reason: POOL_CLOSED });
  });
});
