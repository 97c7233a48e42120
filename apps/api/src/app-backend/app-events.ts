import type { FastifyReply, FastifyRequest } from 'fastify';
import { collectionRules, levelAllows, mayAccess } from '@sprout/core';
import { getAppDocument } from '@sprout/db';
import { AppError } from '../errors';
import type { Services } from '../services';
import type { AppContext } from './app-request';
import { checkCollectionName, toAppDoc } from './documents';

const HEARTBEAT_MS = 15_000;
const MAX_STREAMS_PER_VISITOR = 20;

/**
 * `GET collections/:name/events`: a change event for every document of the collection the visitor
 * may read, as it happens (from any API instance). Documents are read under this visitor's rules when
 * the change arrives, so a stream never carries what a list would not show them.
 */
export async function streamChanges(s: Services, ctx: AppContext, collection: string, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  checkCollectionName(collection);
  const rules = collectionRules(ctx.rules, collection);
  if (!levelAllows(rules.read, ctx.actor)) throw new AppError(403, 'forbidden', `You are not allowed to read "${collection}".`);
  // Per visitor, and per client address (a client that drops its cookie is a new visitor each time).
  const keys = [`app-stream:${ctx.scope.sproutId}:${ctx.actor.visitorId}`, `app-stream:ip:${req.ip}`];
  const limits = [MAX_STREAMS_PER_VISITOR, MAX_STREAMS_PER_VISITOR * 10];
  if (!(await s.limits.tryOpen(keys, limits))) throw new AppError(429, 'too_many_streams', 'Too many live connections from this visitor.');

  const headers: Record<string, string | string[]> = {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    connection: 'keep-alive',
  };
  const cookie = reply.getHeader('set-cookie');
  if (cookie) headers['set-cookie'] = Array.isArray(cookie) ? cookie.map(String) : String(cookie);
  reply.hijack();
  reply.raw.writeHead(200, headers);
  reply.raw.write('retry: 2000\n: connected\n\n');

  let queue = Promise.resolve();
  const unsubscribe = s.appChanges.subscribe({ ...ctx.scope, collection }, (change) => {
    queue = queue
      .then(async () => {
        if (change.op === 'reset') return void reply.raw.write(`event: change\ndata: ${JSON.stringify({ op: 'reset' })}\n\n`);
        if (!mayAccess(rules.read, ctx.actor, change.createdBy)) return;
        const doc = change.op === 'remove' ? null : await getAppDocument(s.db, ctx.scope, collection, change.id);
        const payload = { op: change.op, id: change.id, ...(doc ? { doc: toAppDoc(doc) } : {}) };
        reply.raw.write(`event: change\ndata: ${JSON.stringify(payload)}\n\n`);
      })
      .catch((err: unknown) => req.log.warn({ err }, 'app change not delivered'));
  });
  const heartbeat = setInterval(() => reply.raw.write(': ping\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  req.raw.on('close', () => {
    clearInterval(heartbeat);
    unsubscribe();
    s.limits.close(keys).catch((err: unknown) => req.log.warn({ err }, 'closing an app stream slot failed'));
  });
}
