import { z } from 'zod';
import { FLAG_DEFAULTS, type Flags } from '../flags/flags';

export const ANALYTICS_EVENT_NAMES = [
  'Page Viewed',
  'Prompt Sent',
  'Paywall Displayed',
  'Upgrade',
  'Publish',
  'Domain',
  'Onboarding',
  'Experiment Viewed',
  // Between a paywall and an upgrade: the staff dashboard's funnel.
  'Checkout Started',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

export const AnalyticsEvent = z.strictObject({
  messageId: z.string().min(8).max(64),
  name: z.enum(ANALYTICS_EVENT_NAMES),
  properties: z.record(z.string().max(100), z.unknown()).refine((p) => JSON.stringify(p).length <= 8_000, { error: 'Properties are too large.' }),
  timestamp: z.iso.datetime({ offset: true }),
  anonymousId: z.string().max(64).optional(),
});
export type AnalyticsEvent = z.infer<typeof AnalyticsEvent>;

export const EventsBody = z.strictObject({ events: z.array(AnalyticsEvent).min(1).max(100) });
export const Stored = z.object({ stored: z.number().int() });

/** A browser error sent through the web app's /monitoring tunnel (or the preview bridge). */
export const ClientError = z.strictObject({
  message: z.string().min(1).max(2000),
  stack: z.string().max(8000).optional(),
  url: z.string().max(2000).optional(),
  userAgent: z.string().max(500).optional(),
  source: z.enum(['web', 'preview']).default('web'),
});
export type ClientError = z.input<typeof ClientError>;

/** GET /v1/flags: core's Flags. */
export const FlagsAnswer = z
  .object(Object.fromEntries(Object.keys(FLAG_DEFAULTS).map((k) => [k, k === 'aiModelOverride' ? z.string().nullable() : z.boolean()])))
  .meta({ id: 'Flags' });
export type FlagsAnswer = Flags;

export const Health = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
/** 503 from /health: the database cannot be reached, or the instance is stopping for a deploy (new requests go elsewhere). */
export const Unavailable = z.object({ status: z.enum(['unavailable', 'draining']), database: z.enum(['pglite', 'postgres']) });
