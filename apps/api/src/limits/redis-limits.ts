import { Redis } from 'ioredis';
import { SLOT_RENEW_MS, SLOT_STALE_SECONDS, type SharedLimits } from './shared-limits';

// Each step is one script, so it is atomic in Redis: two instances never both take a last slot.
const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

// KEYS: one hash per key (instance -> slots it holds). ARGV: prefix, instance, stale ms, limits.
// An instance counts while its alive key exists; a dead one's fields are dropped when seen.
const TRY_OPEN = `
for i, key in ipairs(KEYS) do
  local held = redis.call('HGETALL', key)
  local open = 0
  for j = 1, #held, 2 do
    if redis.call('EXISTS', ARGV[1] .. 'alive:' .. held[j]) == 1 then open = open + tonumber(held[j + 1])
    else redis.call('HDEL', key, held[j]) end
  end
  if open >= tonumber(ARGV[3 + i]) then return 0 end
end
redis.call('SET', ARGV[1] .. 'alive:' .. ARGV[2], '1', 'PX', ARGV[3])
for _, key in ipairs(KEYS) do redis.call('HINCRBY', key, ARGV[2], 1) end
return 1`;

const CLOSE = `
for _, key in ipairs(KEYS) do
  if redis.call('HINCRBY', key, ARGV[1], -1) <= 0 then redis.call('HDEL', key, ARGV[1]) end
end
return 1`;

/** Limits counted in Redis (REDIS_URL): no statement on the database per request, shared by every instance. */
export class RedisLimits implements SharedLimits {
  readonly kind = 'redis';
  private readonly redis: Redis;
  private readonly renewal: ReturnType<typeof setInterval>;
  private stopped = false;

  constructor(
    url: string,
    private readonly instance: string,
    private readonly onError: (err: unknown) => void,
    /** Namespaces the keys (tests use one of their own). */
    private readonly prefix = 'sprout:limits:',
  ) {
    // A request counted while Redis is unreachable fails at once (an error the request answers)
    // instead of queueing until it returns.
    this.redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    this.redis.on('error', onError);
    this.renewal = setInterval(() => {
      this.redis.set(this.aliveKey(), '1', 'PX', SLOT_STALE_SECONDS * 1000).catch(onError);
    }, SLOT_RENEW_MS);
    this.renewal.unref();
  }

  /** Connects (the API waits for it at start, so a wrong REDIS_URL is found before the first request). */
  async connect(): Promise<void> {
    await this.redis.connect();
  }

  // Redis unreachable: the limits are not counted (logged) rather than every app request failing
  // with them: apps keep working through an outage of what only guards them.

  async hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }> {
    try {
      const [count, ttl] = (await this.redis.eval(HIT, 1, `${this.prefix}window:${key}`, windowMs)) as [number, number];
      return { count, resetMs: ttl };
    } catch (err) {
      this.onError(err);
      return { count: 0, resetMs: windowMs };
    }
  }

  async tryOpen(keys: readonly string[], limits: readonly number[]): Promise<boolean> {
    const hashes = keys.map((key) => `${this.prefix}open:${key}`);
    try {
      const opened = await this.redis.eval(TRY_OPEN, hashes.length, ...hashes, this.prefix, this.instance, SLOT_STALE_SECONDS * 1000, ...limits);
      return opened === 1;
    } catch (err) {
      this.onError(err);
      return true;
    }
  }

  async close(keys: readonly string[]): Promise<void> {
    const hashes = keys.map((key) => `${this.prefix}open:${key}`);
    await this.redis.eval(CLOSE, hashes.length, ...hashes, this.instance).catch(this.onError);
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.renewal);
    // This instance's slots stop counting at once.
    await this.redis.del(this.aliveKey()).catch(this.onError);
    this.redis.disconnect();
  }

  private aliveKey(): string {
    return `${this.prefix}alive:${this.instance}`;
  }
}
