import { canPublishAnother, publishedAppLimit } from '@sprout/core';
import {
  clearScheduleRuns,
  copyDataset,
  countPublishedSprouts,
  enableDeployment,
  getUserById,
  publishDeployment,
  updateSproutForOwner,
  type SproutRow,
} from '@sprout/db';
import type { GateAcknowledgement } from '@sprout/core/contract';
import type { PreviewBuilder } from '@sprout/preview';
import { AppError, notFound } from '../errors';
import { siteUrlOf } from '../hosting/hosts';
import type { StoredFiles } from '../file-store/stored-files';
import { checkWantedSlug, settleSlug, type AddressServices } from './address';
import { builtFiles, storeDeployment } from './deployment-files';
import type { Prerender } from './prerender';
import { passGate, productionBuild } from './security-check';

/** What publishing uses: the database, the settings, the production build and the file store its files go to. */
export interface PublishServices extends AddressServices {
  previews: PreviewBuilder;
  files: StoredFiles;
  /** Renders the new build's pages before it goes live (absent: served as the client renders them). */
  prerender?: Prerender;
}

/** What the person chose: the live data, the address, and the security findings they accept (by rule, with a reason). */
export interface PublishOptions {
  copyTestData?: boolean;
  slug?: string;
  acknowledge?: GateAcknowledgement[];
}

const DEPLOYMENT_PAYWALL = { source: 'deployment_limit_reached', destination: 'upgradeDeployments' } as const;

function deploymentLimitError(limit: number): AppError {
  const apps = limit === 1 ? '1 published app' : `${limit} published apps`;
  return new AppError(402, 'deployment_limit_reached', `Your plan allows ${apps}. Unpublish another app or upgrade to publish more.`, {
    paywall: DEPLOYMENT_PAYWALL,
    limit,
  });
}

/**
 * Publishes the project's current version: a minified production build, its files in the file store
 * and its rows in the database, switched live atomically, at `{slug}.{SITES_DOMAIN}` (the address the person chose, else the kept
 * one, else a free one from the project's name). The limit is checked before the (slow)
 * build and again, atomically, when switching. The live app keeps its own data (empty the first
 * time); `copyTestData` replaces it with a copy of the preview's test data.
 */
export async function publishSprout(s: PublishServices, sprout: SproutRow, options: PublishOptions = {}): Promise<SproutRow> {
  const { ownerId } = sprout;
  const versionId = sprout.currentVersionId;
  if (!versionId) throw new AppError(409, 'no_version', 'This project has no files to publish yet.');
  const chosen = await checkWantedSlug(s, sprout, options.slug);
  if (!sprout.isDeploymentEnabled) {
    const user = await getUserById(s.db, ownerId);
    const tier = user?.tier ?? 'free';
    if (!canPublishAnother(tier, await countPublishedSprouts(s.db, ownerId, sprout.id))) throw deploymentLimitError(publishedAppLimit(tier) ?? 0);
  }
  // Versions never change: publishing the same version again reuses the build.
  const build = await productionBuild(s, versionId);
  await passGate(s, sprout, versionId, build, options.acknowledge);
  const slug = await settleSlug(s, sprout, chosen);
  // The pages as they render, for crawlers and link previews; the build's own files of those names never count.
  const files = builtFiles(build).filter((f) => !f.path.startsWith('_prerendered/'));
  const pages = (await s.prerender?.({ origin: siteUrlOf(slug, s.config), ownerId, files })) ?? [];
  const result = await storeDeployment(s.files, [...files, ...pages], (deploymentId, files) =>
    publishDeployment(s.db, { ownerId, sproutId: sprout.id, versionId, publicUrl: siteUrlOf(slug, s.config), deploymentId, files }),
  );
  if (result.ok) {
    if (options.copyTestData) await copyDataset(s.db, sprout.id, 'test', 'live');
    return result.sprout;
  }
  if (result.reason === 'deployment_limit_reached') throw deploymentLimitError(result.limit);
  throw notFound('Project not found.');
}

/** Takes the app offline; its URL and deployment are kept, so publishing again restores the same address. */
export async function unpublishSprout(s: AddressServices, sprout: SproutRow): Promise<SproutRow> {
  // Deleted meanwhile (another tab): the same answer as for a project that never existed.
  const row = await updateSproutForOwner(s.db, sprout.id, sprout.ownerId, { isDeploymentEnabled: false });
  if (!row) throw notFound('Project not found.');
  // Its live schedules stop with it (only published apps run them), and start afresh when it is published again, with no missed run to catch up.
  await clearScheduleRuns(s.db, { sproutId: sprout.id, dataset: 'live' });
  return row;
}

/** PATCH isDeploymentEnabled=true: only a project with a deployment, within the plan's limit. */
export async function reenableSprout(s: AddressServices, sprout: SproutRow): Promise<SproutRow> {
  const result = await enableDeployment(s.db, { ownerId: sprout.ownerId, sproutId: sprout.id });
  if (result.ok) return result.sprout;
  if (result.reason === 'deployment_limit_reached') throw deploymentLimitError(result.limit);
  if (result.reason === 'not_deployed') {
    throw new AppError(409, 'not_published', 'This project has not been published yet. Publish it first (POST /build/v1/sprouts/:id/publish).');
  }
  throw notFound('Project not found.');
}
