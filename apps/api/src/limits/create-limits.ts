import type { FastifyBaseLogger } from 'fastify';
import { newId, type DbHandle } from '@sprout/db';
import { MemoryLimits } from './memory-limits';
import { PostgresLimits } from './postgres-limits';
import { RedisLimits } from './redis-limits';
import type { SharedLimits } from './shared-limits';

/**
 * Where this instance counts its limits: Redis when `redisUrl` is set; else PostgreSQL, which
 * several instances may share; else (the embedded database, one process) this process.
 */
export async function createSharedLimits(redisUrl: string | undefined, db: DbHandle, log: FastifyBaseLogger): Promise<SharedLimits> {
  const instance = newId();
  const onError = (err: unknown) => log.warn({ err }, 'shared limits: counting failed');
  if (redisUrl) {
    const redis = new RedisLimits(redisUrl, instance, onError);
    await redis.connect();
    return redis;
  }
  return db.kind === 'postgres' ? new PostgresLimits(db.db, instance, onError) : new MemoryLimits();
}
