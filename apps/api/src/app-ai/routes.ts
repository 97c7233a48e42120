import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS, AiChatBody } from '@sprout/core/contract';
import { appContextOf } from '../app-backend/app-caller';
import { AppError } from '../errors';
import { registerEndpoint } from '../plugins/endpoint';
import { ownedSprout } from '../plugins/ownership';
import type { Services } from '../services';
import { type AiCaller, chatForApp } from './app-ai-chat';
import { appAiSettings, ownerAppAiUse, putAppAiCap } from './ai-settings';
import { authOf } from '../plugins/authenticate';

const owner = { config: { auth: 'user', owns: 'sprout' } } as const;

/** The owner's view of their app's AI (build API): this month's use and the cap, and their apps' use together. */
export const appAiPanelRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  registerEndpoint(app, ENDPOINTS.appAi, owner, async (req) => appAiSettings(s, ownedSprout(req)));
  registerEndpoint(app, ENDPOINTS.putAppAi, owner, async (req) => putAppAiCap(s, ownedSprout(req), req.body.monthlyTokenCap));
  registerEndpoint(app, ENDPOINTS.ownerAppAiUse, { config: { auth: 'user' } }, async (req) => ownerAppAiUse(s, authOf(req).user.id));
};

const line = (value: unknown) => `${JSON.stringify(value)}\n`;

/**
 * An app's AI on its own origin: `POST /_sprout/v1/ai/chat`, answered as newline-delimited JSON
 * (`{"text":…}` as the reply arrives, then `{"done":true}`, or `{"error":{code,message}}` when the
 * provider fails midway). A refusal (size, rate, cap) is an ordinary error status before any text.
 */
export const appAiCallRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  app.post('/_sprout/v1/ai/chat', { config: { auth: 'public', appCaller: true }, schema: { tags: ['app backend'], body: AiChatBody } }, async (req, reply) => {
    const ctx = appContextOf(req);
    const caller: AiCaller = {
      scope: ctx.scope,
      ownerId: ctx.ownerId,
      tier: ctx.tier,
      visitor: { key: ctx.actor.userId ? `user:${ctx.actor.userId}` : `visitor:${ctx.actor.visitorId ?? ctx.address}`, address: ctx.address },
    };
    // A page that goes away stops the model, and is metered for what was streamed until then.
    const abort = new AbortController();
    reply.raw.on('close', () => abort.abort());
    const chunks = chatForApp(s, caller, req.body, abort.signal);
    const first = await chunks.next();
    async function* body() {
      try {
        if (!first.done) yield line({ text: first.value });
        for await (const text of chunks) yield line({ text });
        yield line({ done: true });
      } catch (err) {
        const known = err instanceof AppError ? err : null;
        if (!known) s.log.error({ err }, "an app's AI reply failed");
        yield line({
          error: { code: known?.code ?? 'ai_unavailable', message: known?.message ?? 'The AI service did not answer. Please try again in a moment.' },
        });
      }
    }
    return reply
      .header('content-type', 'application/x-ndjson; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-accel-buffering', 'no')
      .send(Readable.from(body()));
  });
};
