import { DATA_RULES_PATH, versionDataShapes } from '@sprout/core';
import { getBlobs, listScreenshotIds, listVersions, pathHashesOfVersions, publishReportsOf, type SproutRow, versionsWithData } from '@sprout/db';
import type { VersionList } from '@sprout/core/contract';
import type { Services } from '../services';
import { toVersionDto } from '../chat/dto';

/**
 * The history: every version, newest first, with its picture, its security check, whether its test
 * data is kept and how it changed the data's shape. Rules files are read by content hash, so only
 * the distinct files are loaded, and each pair of them compared once.
 */
export async function listProjectVersions(s: Services, sprout: SproutRow): Promise<VersionList> {
  const [versions, shots, withData, rulesFiles] = await Promise.all([
    listVersions(s.db, sprout.id),
    listScreenshotIds(s.db, sprout.id),
    versionsWithData(s.db, sprout.id),
    pathHashesOfVersions(s.db, sprout.id, DATA_RULES_PATH),
  ]);
  const ids = new Set(versions.map((v) => v.id));
  const [reports, texts] = await Promise.all([publishReportsOf(s.db, sprout.id, [...ids]), getBlobs(s.db, [...new Set(rulesFiles.values())])]);
  const shapes = versionDataShapes(versions, sprout.currentVersionId, rulesFiles, texts);
  return {
    currentVersionId: sprout.currentVersionId,
    versions: versions.map((v) => {
      const shape = shapes.get(v.id);
      return {
        ...toVersionDto(v),
        // The current version's data is the test data itself.
        hasData: v.id === sprout.currentVersionId || withData.has(v.id),
        dataShapeChanged: !!shape?.change,
        dataShapeChange: shape?.change ?? null,
        dataShapeDiffersFromCurrent: shape?.differsFromCurrent ?? false,
      };
    }),
    screenshotIds: shots.filter((id) => ids.has(id)),
    security: reports.map((r) => ({
      versionId: r.versionId,
      critical: r.findings.filter((f) => f.severity === 'critical').length,
      warnings: r.findings.filter((f) => f.severity === 'warning').length,
      acknowledged: r.acknowledged,
      checkedAt: r.checkedAt.toISOString(),
    })),
  };
}
