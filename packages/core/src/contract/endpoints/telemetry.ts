import { ClientError, EventsBody, Stored } from '../events';
import { endpoint } from '../endpoint';

/** First-party analytics and browser errors; visitors who are not signed in may send them too. */
export const TELEMETRY_ENDPOINTS = {
  recordEvents: endpoint('recordEvents', {
    tag: 'analytics',
    body: EventsBody,
    reply: { status: 202, schema: Stored },
    // Only callers who are not signed in are held to small batches.
    errors: ['batch_too_large'],
  }),
  reportClientErrors: endpoint('reportClientErrors', { tag: 'analytics', body: ClientError, reply: { status: 202, schema: Stored }, errors: [] }),
} as const;
