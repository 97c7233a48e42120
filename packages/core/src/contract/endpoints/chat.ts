import { ActiveRun, ChatMessages, ChatMessagesQuery, MessageSent, Run, RuntimeErrorsBody, RuntimeFixAnswer, SendMessageBody } from '../chat';
import { ApprovePlanBody } from '../plans';
import { RunEventSchema, RunEventsQuery } from '../run-events';
import { idParams } from '../common';
import { endpoint } from '../endpoint';

const sproutParams = idParams('project');
const runParams = idParams('run');

/** A project's chat: messages, runs and their live events, stop, and the preview's runtime errors. */
export const CHAT_ENDPOINTS = {
  sendMessage: endpoint('sendMessage', {
    tag: 'chat',
    params: sproutParams,
    body: SendMessageBody,
    reply: { status: 202, schema: MessageSent },
    errors: ['message_limit_reached', 'run_active', 'invalid_model', 'invalid_attachment', 'feature_disabled'],
  }),
  approvePlan: endpoint('approvePlan', {
    tag: 'chat',
    description: "Starts the build of a plan run's plan (charged as one message): its request with the answers picked and the person's changes. Once per plan.",
    params: sproutParams,
    body: ApprovePlanBody,
    reply: { status: 202, schema: MessageSent },
    // plan_not_found: no plan run of this project by that id; plan_approved: it was built already.
    errors: ['message_limit_reached', 'run_active', 'plan_not_found', 'plan_approved'],
  }),
  chatMessages: endpoint('chatMessages', {
    tag: 'chat',
    params: sproutParams,
    query: ChatMessagesQuery,
    reply: { status: 200, schema: ChatMessages },
    errors: [],
  }),
  activeRun: endpoint('activeRun', { tag: 'chat', params: sproutParams, reply: { status: 200, schema: ActiveRun }, errors: [] }),
  run: endpoint('run', { tag: 'chat', params: runParams, reply: { status: 200, schema: Run }, errors: [] }),
  runEvents: endpoint('runEvents', {
    tag: 'chat',
    description: 'Server-Sent Events: replay after Last-Event-ID (or ?after=), then live, ending after run.finished / run.failed / run.stopped.',
    params: runParams,
    query: RunEventsQuery,
    reply: { status: 200, kind: 'events', event: RunEventSchema },
    errors: ['too_many_streams'],
  }),
  stopRun: endpoint('stopRun', { tag: 'chat', params: runParams, reply: { status: 200, schema: Run }, errors: [] }),
  reportRuntimeErrors: endpoint('reportRuntimeErrors', {
    tag: 'chat',
    params: runParams,
    body: RuntimeErrorsBody,
    reply: { status: 200, schema: RuntimeFixAnswer },
    errors: ['message_limit_reached', 'run_active', 'runtime_errors_not_seen'],
  }),
} as const;
