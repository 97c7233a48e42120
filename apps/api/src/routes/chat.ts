import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { promptSchema } from '@sprout/core';
import { authOf } from '../plugins/authenticate';
import { ErrorDto } from '../dto';
import { MessageDto, RunDto, toRunDto } from '../chat/dto';
import { activeRun, listChat, MAX_ATTACHMENTS, sendMessage } from '../chat/messages';
import { FlagOverridesBody } from '../chat/run-options';
import { reportRuntimeErrors, runForOwner, stopRun } from '../chat/runs';
import { afterSeqOf, streamRunEvents } from '../chat/event-stream';
import type { Services } from '../services';

const id = (what: string) => z.string().regex(/^[a-z0-9]{1,64}$/, { error: `Invalid ${what} id.` });
const sproutParams = z.strictObject({ id: id('project') });
const runParams = z.strictObject({ id: id('run') });
const errors = { 400: ErrorDto, 401: ErrorDto, 404: ErrorDto };

const SendBody = z.strictObject({
  text: promptSchema,
  attachments: z.array(id('upload')).max(MAX_ATTACHMENTS).optional().describe('Upload ids (POST /build/v1/uploads)'),
  flags: FlagOverridesBody.optional().describe('Developer toolbar overrides (staff and course engineers only)'),
});

const RuntimeErrorsBody = z.strictObject({
  errors: z
    .array(
      z.strictObject({
        message: z.string().min(1).max(2000),
        source: z.string().max(300).optional().describe('File or URL the error points into'),
        line: z.number().int().min(0).max(10_000_000).optional(),
      }),
    )
    .min(1)
    .max(10),
});

/** The chat of a project: messages, runs, their live events, stop, and runtime errors of the preview. */
export const chatRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  app.post(
    '/sprouts/:id/messages',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['chat'],
        params: sproutParams,
        body: SendBody,
        response: { 202: z.object({ runId: z.string(), messageId: z.string() }), 402: ErrorDto, 403: ErrorDto, 409: ErrorDto, ...errors },
      },
    },
    async (req, reply) => reply.status(202).send(await sendMessage(s, authOf(req).user, req.params.id, req.body)),
  );

  app.get(
    '/sprouts/:id/messages',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['chat'],
        params: sproutParams,
        querystring: z.strictObject({ limit: z.coerce.number().int().min(1).max(200).optional(), before: z.iso.datetime().optional() }),
        response: { 200: z.object({ messages: z.array(MessageDto) }), ...errors },
      },
    },
    async (req) => ({ messages: await listChat(s, authOf(req).user.id, req.params.id, { limit: req.query.limit, before: req.query.before ? new Date(req.query.before) : undefined }) }),
  );

  app.get(
    '/sprouts/:id/runs/active',
    { config: { auth: 'user' }, schema: { tags: ['chat'], params: sproutParams, response: { 200: z.object({ run: RunDto.nullable() }), ...errors } } },
    async (req) => ({ run: await activeRun(s, authOf(req).user.id, req.params.id) }),
  );

  app.get(
    '/runs/:id',
    { config: { auth: 'user' }, schema: { tags: ['chat'], params: runParams, response: { 200: RunDto, ...errors } } },
    async (req) => toRunDto(await runForOwner(s, authOf(req).user.id, req.params.id)),
  );

  app.get(
    '/runs/:id/events',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['chat'],
        description: 'Server-Sent Events: replay after Last-Event-ID (or ?after=), then live, ending after run.finished / run.failed / run.stopped.',
        params: runParams,
        querystring: z.strictObject({ after: z.coerce.number().int().min(0).optional() }),
        response: { 200: z.any(), ...errors },
      },
    },
    async (req, reply) => {
      const run = await runForOwner(s, authOf(req).user.id, req.params.id);
      await streamRunEvents(s, reply, run.id, afterSeqOf(req.headers['last-event-id'], req.query.after));
    },
  );

  app.post(
    '/runs/:id/stop',
    { config: { auth: 'user' }, schema: { tags: ['chat'], params: runParams, response: { 200: RunDto, ...errors } } },
    async (req) => stopRun(s, authOf(req).user.id, req.params.id),
  );

  app.post(
    '/runs/:id/runtime-errors',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['chat'],
        params: runParams,
        body: RuntimeErrorsBody,
        response: { 200: z.object({ started: z.boolean(), runId: z.string().nullable(), reason: z.string().nullable() }), ...errors },
      },
    },
    async (req) => reportRuntimeErrors(s, authOf(req).user, req.params.id, req.body.errors),
  );

  // Runs execute inside this process: on shutdown they end (as interrupted) before the server waits
  // for open event streams (which end with their run's terminal event) and before the database closes.
  app.addHook('preClose', async () => {
    await s.engine.runs.close();
  });
  // The LISTEN connection of a PostgreSQL hub, once the streams it feeds are closed.
  app.addHook('onClose', async () => {
    await s.engine.hub.close?.();
  });
};
