import { and, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../create-db';
import { uploads } from '../files/tables';
import { deployments } from '../schema';
import { siteSettings } from './tables';

/** A project's stored page settings (unchecked: the API reads them with the contract's schema) and when they last changed. */
export interface SiteSettingsRow {
  settings: Record<string, unknown>;
  updatedAt: Date;
}

export async function getSiteSettings(db: Executor, sproutId: string): Promise<SiteSettingsRow | null> {
  const rows = await db
    .select({ settings: siteSettings.settings, updatedAt: siteSettings.updatedAt })
    .from(siteSettings)
    .where(eq(siteSettings.sproutId, sproutId))
    .limit(1);
  return rows[0] ?? null;
}

/** Stores a project's page settings whole (the last write wins), answering the row as stored. */
export async function saveSiteSettings(db: Executor, sproutId: string, settings: Record<string, unknown>): Promise<SiteSettingsRow> {
  const now = new Date();
  const rows = await db
    .insert(siteSettings)
    .values({ sproutId, settings, updatedAt: now })
    .onConflictDoUpdate({ target: siteSettings.sproutId, set: { settings, updatedAt: now } })
    .returning({ settings: siteSettings.settings, updatedAt: siteSettings.updatedAt });
  return rows[0]!;
}

/** An image uploaded for this project's pages (social image, favicon): its type and where its bytes are; null when it is not this project's. */
export async function getSiteUpload(db: Executor, sproutId: string, uploadId: string): Promise<{ mimeType: string; storageKey: string; size: number } | null> {
  const rows = await db
    .select({ mimeType: uploads.mimeType, storageKey: uploads.storageKey, size: uploads.size })
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.sproutId, sproutId), isNotNull(uploads.storageKey)))
    .limit(1);
  const row = rows[0];
  return row?.storageKey ? { mimeType: row.mimeType, storageKey: row.storageKey, size: row.size } : null;
}

/** The version a deployment was built from (its thumbnail is the default social image); null when there is no such deployment. */
export async function deploymentVersionOf(db: Executor, deploymentId: string): Promise<string | null> {
  const rows = await db.select({ versionId: deployments.versionId }).from(deployments).where(eq(deployments.id, deploymentId)).limit(1);
  return rows[0]?.versionId ?? null;
}
