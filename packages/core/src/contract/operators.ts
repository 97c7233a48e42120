import { z } from 'zod';
import { FLAG_KEYS, type FlagKey } from '../flags';
import { FLAG_LAYERS } from '../flag-layers';
import { TIER_IDS } from '../tiers';
import { AdminUser } from './billing';
import { FlagsAnswer } from './events';

// Staff's controls (issue 20): feature flags by layer, the offered models, people and the analytics report.

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
