import { and, eq, inArray } from 'drizzle-orm';
import type { GateAcknowledgement, GateFinding } from '@sprout/core/contract';
import type { Executor } from '../create-db';
import { publishReports } from './tables';

export type PublishReportRow = typeof publishReports.$inferSelect;

/**
 * Keeps a version's latest security check. Acknowledgements given now are added to those kept (by
 * rule, the newest reason winning): a publish that needed none keeps the earlier ones on record.
 */
export async function savePublishReport(
  db: Executor,
  report: { sproutId: string; versionId: string; findings: GateFinding[]; acknowledged?: GateAcknowledgement[]; now?: Date },
): Promise<void> {
  const now = report.now ?? new Date();
  await db.transaction(async (tx) => {
    const [kept] = await tx
      .select({ acknowledged: publishReports.acknowledged })
      .from(publishReports)
      .where(eq(publishReports.versionId, report.versionId))
      .for('update');
    const byRule = new Map((kept?.acknowledged ?? []).map((a) => [a.rule, a]));
    for (const a of report.acknowledged ?? []) byRule.set(a.rule, { rule: a.rule, reason: a.reason, at: now.toISOString() });
    const row = { findings: report.findings, acknowledged: [...byRule.values()], checkedAt: now };
    await tx
      .insert(publishReports)
      .values({ versionId: report.versionId, sproutId: report.sproutId, ...row })
      .onConflictDoUpdate({ target: publishReports.versionId, set: row });
  });
}

/** The kept reports of a project's versions (History), by version id. */
export async function publishReportsOf(db: Executor, sproutId: string, versionIds: readonly string[]): Promise<PublishReportRow[]> {
  if (versionIds.length === 0) return [];
  return db
    .select()
    .from(publishReports)
    .where(and(eq(publishReports.sproutId, sproutId), inArray(publishReports.versionId, [...versionIds])));
}
