import { z } from 'zod';
import { FLAG_KEYS, type FlagKey } from '../flags/flags';
import { FLAG_LAYERS } from '../flags/flag-layers';
import { TIER_IDS } from '../plans/tiers';
import { DAILY_METRICS, type AnalyticsReport as CoreAnalyticsReport, type DailyMetric } from '../analytics/analytics-report';
import type { Assert, Same } from './same';
import { AdminUser } from './billing';
import { FlagsAnswer } from './events';

// Staff's controls: feature flags by layer, the offered models, people and the analytics report.

export const FlagKeyParams = z.strictObject({ key: z.enum(FLAG_KEYS as unknown as [FlagKey, ...FlagKey[]]) });
export const PlanFlagParams = FlagKeyParams.extend({ tier: z.enum(TIER_IDS) });
export const UserFlagParams = FlagKeyParams.extend({ id: z.string().min(1).max(64) });

/** PUT …/flags/…/:key — the value for that layer (checked per flag; a model must be one on offer). DELETE clears it. */
export const FlagValueBody = z.strictObject({ value: z.union([z.boolean(), z.string().max(200), z.null()]) });

const FlagValues = z.record(z.string(), z.union([z.boolean(), z.string(), z.null()]));

/** A model staff may choose as aiModelOverride: its label only, never where it is served from. */
export const OfferedModel = z.object({ label: z.string(), isDefault: z.boolean() });

/** GET /v1/admin/flags — every layer above the code's defaults, and the models on offer. */
export const FlagOverview = z
  .object({
    defaults: FlagsAnswer,
    env: FlagValues.describe('FLAG_DEFAULTS from the environment'),
    global: FlagValues,
    plans: z.record(z.string(), FlagValues),
    models: z.array(OfferedModel),
  })
  .meta({ id: 'FlagOverview' });
export type FlagOverview = z.infer<typeof FlagOverview>;

/** One person's flags: what they get, where each value comes from, and what is set for them alone. */
export const PersonFlags = z.object({
  flags: FlagsAnswer,
  sources: z.record(z.string(), z.enum(FLAG_LAYERS)),
  own: FlagValues,
});
export type PersonFlags = z.infer<typeof PersonFlags>;

export const PeopleQuery = z.strictObject({
  q: z.string().trim().max(254).default('').describe('Part of an email address or name; empty lists the newest accounts'),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const PersonSummary = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  tier: z.string(),
  planLabel: z.string(),
  projects: z.number().int(),
  monthlyMessages: z.number().int(),
  createdAt: z.string(),
});
export type PersonSummary = z.infer<typeof PersonSummary>;
export const PeopleList = z.object({ people: z.array(PersonSummary) }).meta({ id: 'PeopleList' });
export type PeopleList = z.infer<typeof PeopleList>;

export const PersonProject = z.object({
  id: z.string(),
  displayName: z.string(),
  published: z.boolean(),
  publicUrl: z.string().nullable(),
  versions: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
});
export type PersonProject = z.infer<typeof PersonProject>;

/** GET /v1/admin/users/:id — plan, usage and history (as the email lookup), projects and flags. */
export const AdminPerson = AdminUser.extend({ projects: z.array(PersonProject), flags: PersonFlags }).meta({ id: 'AdminPerson' });
export type AdminPerson = z.infer<typeof AdminPerson>;

const day = z.iso.date();
/** A report's days, UTC, both ends included. */
export const ReportQuery = z.strictObject({ from: day, to: day }).refine((q) => q.from <= q.to, { error: '"from" must not be after "to".', path: ['from'] });

const metrics = <T extends z.ZodType>(value: T) => z.object(Object.fromEntries(DAILY_METRICS.map((m) => [m, value])) as Record<DailyMetric, T>);

/** GET /v1/admin/analytics — core's AnalyticsReport. */
export const AnalyticsReport = z
  .object({
    from: z.string(),
    to: z.string(),
    days: z.array(metrics(z.number()).extend({ day: z.string() })),
    totals: metrics(z.number()),
    funnel: z.array(z.object({ step: z.enum(['paywall', 'checkout', 'upgrade']), label: z.string(), people: z.number() })),
    experiment: z.object({
      id: z.string(),
      variants: z.array(
        z.object({ variant: z.string(), people: z.number(), prompted: z.number(), paywalled: z.number(), upgraded: z.number(), published: z.number() }),
      ),
    }),
    runFailures: z.array(z.object({ kind: z.string(), runs: z.number() })),
    fixRounds: z.array(z.object({ rounds: z.number(), runs: z.number() })),
    tokens: z.array(
      z.object({
        model: z.string(),
        runs: z.number(),
        tokensIn: z.number(),
        tokensOut: z.number(),
        cachedIn: z.number().nullable(),
        uncachedIn: z.number().nullable(),
      }),
    ),
  })
  .meta({ id: 'AnalyticsReport' });
export type AnalyticsReportAnswer = z.infer<typeof AnalyticsReport>;
export type AnalyticsReportIsCore = Assert<Same<AnalyticsReportAnswer, CoreAnalyticsReport>>;
