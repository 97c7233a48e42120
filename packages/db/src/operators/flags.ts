import { and, eq, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../create-db';
import { writeAudit } from '../queries/misc';
import { flagOverrides } from '../schema';
import { flagSettings } from './tables';

/** Where staff set a flag: for everyone, for one plan (a tier id), or for one person. */
export type FlagScope = { scope: 'global' } | { scope: 'plan'; tier: string } | { scope: 'user'; userId: string };

export interface StoredFlagLayers {
  global: Record<string, unknown>;
  plan: Record<string, unknown>;
  user: Record<string, unknown>;
}

const asRecord = (rows: { key: string; value: unknown }[]) => Object.fromEntries(rows.map((r) => [r.key, r.value]));

/** The stored layers one person's flags are resolved from (their plan's is read by `tier`). */
export async function getFlagLayers(db: Executor, userId: string, tier: string): Promise<StoredFlagLayers> {
  const [settings, own] = await Promise.all([
    db
      .select({ scope: flagSettings.scope, key: flagSettings.key, value: flagSettings.value })
      .from(flagSettings)
      .where(or(eq(flagSettings.scope, 'global'), and(eq(flagSettings.scope, 'plan'), eq(flagSettings.target, tier)))),
    db.select({ key: flagOverrides.key, value: flagOverrides.value }).from(flagOverrides).where(eq(flagOverrides.userId, userId)),
  ]);
  return {
    global: asRecord(settings.filter((r) => r.scope === 'global')),
    plan: asRecord(settings.filter((r) => r.scope === 'plan')),
    user: asRecord(own),
  };
}

export interface FlagSettingRow {
  scope: 'global' | 'plan';
  target: string;
  key: string;
  value: unknown;
  updatedBy: string | null;
  updatedAt: Date;
}

/** Everything staff set for everyone and for plans (the admin overview). */
export function listFlagSettings(db: Executor): Promise<FlagSettingRow[]> {
  return db.select().from(flagSettings).orderBy(flagSettings.scope, flagSettings.target, flagSettings.key);
}

async function currentValue(tx: Executor, where: FlagScope, key: string): Promise<{ found: boolean; value: unknown }> {
  const rows =
    where.scope === 'user'
      ? await tx
          .select({ value: flagOverrides.value })
          .from(flagOverrides)
          .where(and(eq(flagOverrides.userId, where.userId), eq(flagOverrides.key, key)))
          .for('update')
      : await tx
          .select({ value: flagSettings.value })
          .from(flagSettings)
          .where(and(eq(flagSettings.scope, where.scope), eq(flagSettings.target, targetOf(where)), eq(flagSettings.key, key)))
          .for('update');
  return rows[0] ? { found: true, value: rows[0].value } : { found: false, value: null };
}

const targetOf = (where: FlagScope) => (where.scope === 'plan' ? where.tier : '');
// A JSON null (aiModelOverride: "use the default model") is a value; a driver's null would be SQL NULL.
const jsonb = (value: unknown) => (value === null ? sql`'null'::jsonb` : value);

export interface FlagChange {
  /** What the layer held before; `set: false` when it set nothing (the layer below decided). */
  from: { set: boolean; value: unknown };
  to: { set: boolean; value: unknown };
}

/**
 * Sets (a value) or clears (`undefined`) one flag in one layer, and records who did it in the audit
 * log in the same transaction: a change is never without its record. The value must already be
 * valid for the flag (the API checks it, and a model against the offered ones).
 */
export async function changeFlag(db: Db, input: { where: FlagScope; key: string; value: unknown; actorId: string }): Promise<FlagChange> {
  const { where, key, value, actorId } = input;
  return db.transaction(async (tx) => {
    const before = await currentValue(tx, where, key);
    const now = new Date();
    const stored = jsonb(value);
    if (value === undefined) {
      if (where.scope === 'user') await tx.delete(flagOverrides).where(and(eq(flagOverrides.userId, where.userId), eq(flagOverrides.key, key)));
      else await tx.delete(flagSettings).where(and(eq(flagSettings.scope, where.scope), eq(flagSettings.target, targetOf(where)), eq(flagSettings.key, key)));
    } else if (where.scope === 'user') {
      await tx
        .insert(flagOverrides)
        .values({ userId: where.userId, key, value: stored, updatedAt: now })
        .onConflictDoUpdate({ target: [flagOverrides.userId, flagOverrides.key], set: { value: stored, updatedAt: now } });
    } else {
      await tx
        .insert(flagSettings)
        .values({ scope: where.scope, target: targetOf(where), key, value: stored, updatedBy: actorId, updatedAt: now })
        .onConflictDoUpdate({
          target: [flagSettings.scope, flagSettings.target, flagSettings.key],
          set: { value: stored, updatedBy: actorId, updatedAt: now },
        });
    }
    const change: FlagChange = { from: { set: before.found, value: before.value }, to: { set: value !== undefined, value: value ?? null } };
    await writeAudit(tx, {
      actorId,
      action: value === undefined ? 'flag.clear' : 'flag.set',
      targetUserId: where.scope === 'user' ? where.userId : null,
      details: { scope: where.scope, target: where.scope === 'user' ? where.userId : targetOf(where), key, from: change.from, to: change.to },
    });
    return change;
  });
}
