import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ActiveRun,
  ChatMessages,
  ChatMessagesQuery,
  ErrorBody,
  idParams,
  MessageSent,
  Run,
  RunEventSchema,
  RunEventsQuery,
  RuntimeErrorsBody,
  RuntimeFixAnswer,
  SendMessageBody,
} from '@sprout/core/contract';
import { authOf } from '../plugins/authenticate';
import { errorResponses } from '../dto';
import { activeRun, listChat, sendMessage } from './messages';
import { reportRuntimeErrors, runDto, stopRun } from './runs';
import { ownedRun, ownedSprout } from '../plugins/ownership';
import { afterSeqOf, streamRunEvents } from './event-stream';
import type { Services } from '../services';

const errors = errorResponses;
const sproutParams = idParams('project');
const runParams = idParams('run');

/** The chat of a project: messages, runs, their live events, stop, and runtime errors of the preview. */
export const chatRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  app.post(
    '/sprouts/:id/messages',
    {
      config: { auth: 'user', owns: 'sprout' },
      schema: {
        tags: ['chat'],
        params: sproutParams,
        body: SendMessageBody,
        response: { 202: MessageSent, 402: ErrorBody, 403: ErrorBody, 409: ErrorBody, ...errors },
      },
    },
    async (req, reply) => reply.status(202).send(await sendMessage(s, authOf(req).user, ownedSprout(req), req.body)),
  );

  app.get(
    '/sprouts/:id/messages',
    {
      config: { auth: 'user', owns: 'sprout' },
      schema: {
        tags: ['chat'],
        params: sproutParams,
        querystring: ChatMessagesQuery,
        response: { 200: ChatMessages, ...errors },
      },
    },
    async (req) => ({
      messages: await listChat(s, ownedSprout(req), {
        limit: req.query.limit,
        before: req.query.before ? new Date(req.query.before) : undefined,
      }),
    }),
  );

  app.get(
    '/sprouts/:id/runs/active',
    { config: { auth: 'user', owns: 'sprout' }, schema: { tags: ['chat'], params: sproutParams, response: { 200: ActiveRun, ...errors } } },
    async (req) => ({ run: await activeRun(s, ownedSprout(req)) }),
  );

  app.get(
    '/runs/:id',
    { config: { auth: 'user', owns: 'run' }, schema: { tags: ['chat'], params: runParams, response: { 200: Run, ...errors } } },
    async (req) => runDto(s, ownedRun(req)),
  );

  app.get(
    '/runs/:id/events',
    {
      config: { auth: 'user', owns: 'run' },
      schema: {
        tags: ['chat'],
        description: 'Server-Sent Events: replay after Last-Event-ID (or ?after=), then live, ending after run.finished / run.failed / run.stopped.',
        params: runParams,
        querystring: RunEventsQuery,
        response: { 200: { description: 'One event per frame', content: { 'text/event-stream': { schema: RunEventSchema } } }, ...errors },
      },
    },
    async (req, reply) => {
      await streamRunEvents(s, reply, ownedRun(req).id, afterSeqOf(req.headers['last-event-id'], req.query.after), authOf(req).user.id);
    },
  );

  app.post(
    '/runs/:id/stop',
    { config: { auth: 'user', owns: 'run' }, schema: { tags: ['chat'], params: runParams, response: { 200: Run, ...errors } } },
    async (req) => stopRun(s, ownedRun(req)),
  );

  app.post(
    '/runs/:id/runtime-errors',
    {
      config: { auth: 'user', owns: 'run' },
      schema: {
        tags: ['chat'],
        params: runParams,
        body: RuntimeErrorsBody,
        response: { 200: RuntimeFixAnswer, ...errors },
      },
    },
    async (req) => reportRuntimeErrors(s, authOf(req).user, ownedRun(req), req.body),
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
