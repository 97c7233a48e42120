import { publishGateFindings, standingFindings } from '@sprout/core';
import type { GateAcknowledgement, GateFinding, PublishCheck } from '@sprout/core/contract';
import { getVersionFiles, savePublishReport, type Db, type SproutRow } from '@sprout/db';
import type { BuildSuccess, PreviewBuilder } from '@sprout/preview';
import { AppError } from '../errors';

/** What the check reads: the versions' files and the production build. */
interface CheckServices {
  db: Db;
  previews: PreviewBuilder;
}

/** The production build of a version (cached by version: the check and the publish build it once). */
export async function productionBuild(s: CheckServices, versionId: string): Promise<BuildSuccess> {
  const build = await s.previews.build(() => getVersionFiles(s.db, versionId), { cacheKey: versionId, mode: 'production', assetBase: '/assets/' });
  if (!build.ok) {
    throw new AppError(422, 'build_failed', `The app does not build, so it cannot be published: ${build.errors[0]!.message}`, { errors: build.errors });
  }
  return build;
}

const TEXT = /\.(?:js|mjs|css|html|json|txt|map)$/;

/** The security check of a version: its files and, when given, its production build's text files through core's publish gate. */
async function versionFindings(s: CheckServices, versionId: string, build: BuildSuccess | null): Promise<GateFinding[]> {
  const files = new Map((await getVersionFiles(s.db, versionId)).map((f) => [f.path, f.content]));
  const built = new Map<string, string>();
  if (build) {
    built.set('index.html', build.html);
    for (const [name, asset] of build.assets) if (TEXT.test(name)) built.set(`assets/${name}`, Buffer.from(asset.body).toString('utf8'));
  }
  return publishGateFindings({ files, built });
}

/**
 * GET publish-check: the current version's findings in its files (a look, written nowhere: the report
 * History shows is the publish's). No build here: an API instance serves requests, and production builds run where publishes do
 * (a run worker on a shared PostgreSQL); the publish itself also reads the build, and a key only the
 * bundle holds is refused then, with its findings.
 */
export async function checkBeforePublish(s: CheckServices, sprout: SproutRow): Promise<PublishCheck> {
  const versionId = sprout.currentVersionId;
  if (!versionId) throw new AppError(409, 'no_version', 'This project has no files to publish yet.');
  const findings = await versionFindings(s, versionId, null);
  return { versionId, findings, blocked: standingFindings(findings).length > 0 };
}

/**
 * The gate at publish: the version's findings are kept as its report with what the owner accepted,
 * and a critical finding whose rule was not accepted refuses the publish, listing every finding.
 */
export async function passGate(
  s: CheckServices,
  sprout: SproutRow,
  versionId: string,
  build: BuildSuccess,
  acknowledged: GateAcknowledgement[] = [],
): Promise<void> {
  const findings = await versionFindings(s, versionId, build);
  const standing = standingFindings(findings, acknowledged);
  // Only acknowledgements of what was found are recorded: accepting a rule that found nothing says nothing.
  const accepted = acknowledged.filter((a) => findings.some((f) => f.severity === 'critical' && f.rule === a.rule));
  await savePublishReport(s.db, { sproutId: sprout.id, versionId, findings, acknowledged: standing.length ? [] : accepted });
  if (standing.length === 0) return;
  const count = standing.length === 1 ? 'a problem' : `${standing.length} problems`;
  throw new AppError(422, 'publish_blocked', `The security check found ${count} to fix before publishing: ${standing[0]!.message}`, { findings });
}
