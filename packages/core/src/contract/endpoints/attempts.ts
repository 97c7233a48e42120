import { RunAttempt, ScreenshotParams } from '../attempts';
import { idParams } from '../common';
import { VersionAnswer } from '../files';
import { endpoint } from '../endpoint';

const runParams = idParams('run');

/** What verification keeps: a run's failed attempt (look at it, restore it) and the render check's screenshots. */
export const ATTEMPT_ENDPOINTS = {
  attempt: endpoint('attempt', { tag: 'chat', params: runParams, reply: { status: 200, schema: RunAttempt }, errors: ['attempt_not_found'] }),
  restoreAttempt: endpoint('restoreAttempt', {
    tag: 'chat',
    description: 'Makes the failed attempt a new version on purpose; it uses one message.',
    params: runParams,
    reply: { status: 201, schema: VersionAnswer },
    errors: ['attempt_not_found', 'run_active', 'message_limit_reached'],
  }),
  screenshot: endpoint('screenshot', {
    tag: 'files',
    description: 'A JPEG picture of the app as the render check saw it.',
    params: ScreenshotParams,
    reply: { status: 200, kind: 'file', types: ['image/jpeg'] },
    errors: [],
  }),
} as const;
