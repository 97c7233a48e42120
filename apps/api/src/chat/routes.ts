import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@sprout/core/contract';
import { authOf } from '../plugins/authenticate';
import { registerEndpoint } from '../plugins/endpoint';
import { activeRun, listChat, sendMessage } from './messages';
import { approvePlan } from './plan-approval';
import { reportRuntimeErrors, runDto, stopRun } from './runs';
import { startSecurityFix } from './security-fix';
import { ownedRun, ownedSprout } from '../plugins/ownership';
import { afterSeqOf, streamRunEvents } from './event-stream';
import type { Services } from '../services';

const onProject = { config: { auth: 'user', owns: 'sprout' } } as const;
const onRun = { config: { auth: 'user', owns: 'run' } } as const;

/** The chat of a project: messages, runs, their live events, stop, runtime errors of the preview, and "Fix it" for the publish security check. */
export const chatRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  registerEndpoint(app, ENDPOINTS.sendMessage, onProject, async (req) => sendMessage(s, authOf(req).user, ownedSprout(req), req.body));
  registerEndpoint(app, ENDPOINTS.approvePlan, onProject, async (req) => approvePlan(s, authOf(req).user, ownedSprout(req), req.body));

  registerEndpoint(app, ENDPOINTS.chatMessages, onProject, async (req) => ({
    messages: await listChat(s, ownedSprout(req), {
      limit: req.query.limit,
      before: req.query.before ? new Date(req.query.before) : undefined,
    }),
  }));

  registerEndpoint(app, ENDPOINTS.activeRun, onProject, async (req) => ({ run: await activeRun(s, ownedSprout(req)) }));

  registerEndpoint(app, ENDPOINTS.run, onRun, async (req) => runDto(s, ownedRun(req)));

  registerEndpoint(app, ENDPOINTS.runEvents, onRun, async (req, reply) => {
    await streamRunEvents(s, reply, ownedRun(req).id, afterSeqOf(req.headers['last-event-id'], req.query.after), authOf(req).user.id);
    return reply;
  });

  registerEndpoint(app, ENDPOINTS.stopRun, onRun, async (req) => stopRun(s, ownedRun(req)));

  registerEndpoint(app, ENDPOINTS.reportRuntimeErrors, onRun, async (req) => reportRuntimeErrors(s, authOf(req).user, ownedRun(req), req.body));

  registerEndpoint(app, ENDPOINTS.fixPublishFindings, onProject, async (req) => startSecurityFix(s, authOf(req).user, ownedSprout(req)));

  // Runs execute inside this process: on shutdown no more are taken from the queue, and those going end (as interrupted) before the server waits
  // for open event streams (which end with their run's terminal event) and before the database closes.
  app.addHook('preClose', async () => {
    s.runQueue.stopTaking();
    await s.engine.runs.close();
    await s.runQueue.close();
  });
  // The LISTEN connection of a PostgreSQL hub, once the streams it feeds are closed.
  app.addHook('onClose', async () => {
    await s.engine.hub.close?.();
  });
};
