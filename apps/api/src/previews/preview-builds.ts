import type { BuildRequest, BuildResult, PreviewBuilder, ProjectFile } from '@sprout/preview';
import type { StoredCandidates } from './stored-candidates';

export const VENDOR_BASE = '/_sprout/vendor/';
const buildBase = (versionId: string) => `/_sprout/build/${versionId}/`;

/**
 * Builds version `versionId` of a project as its preview, cached under the version id: `files` are
 * a run's candidate files (not stored yet); without them the stored version is loaded, and a cache
 * hit does not touch the database (versions never change).
 */
export type PreviewBuild = (sproutId: string, versionId: string, files?: readonly ProjectFile[]) => Promise<BuildResult>;

/**
 * The one place that says how a preview is built. The engine checks a run with it and the preview
 * host serves with it, so the build a run checked is the cached build the person is shown. A run's
 * candidate files are stored too (before its build resolves, so before the page is told of it), for
 * the other instances a balancer may send the person's preview to.
 */
export function createPreviewBuild(
  previews: PreviewBuilder,
  o: { bridgeOrigin: string; loadFiles(versionId: string): Promise<readonly ProjectFile[]>; candidates: CandidateProjects; stored: StoredCandidates },
): PreviewBuild {
  return async (sproutId, versionId, files) => {
    if (!files) return previews.build(() => o.loadFiles(versionId), previewRequest(sproutId, versionId, o.bridgeOrigin));
    o.candidates.remember(versionId, sproutId);
    const [built] = await Promise.all([previews.build(files, previewRequest(sproutId, versionId, o.bridgeOrigin)), o.stored.save(sproutId, versionId, files)]);
    return built;
  };
}

/**
 * Builds files that are not a version (an edit in the code editor, checked before it is saved):
 * never cached, never served, and kept out of the project's preview files.
 */
export function draftPreviewBuild(previews: PreviewBuilder, bridgeOrigin: string, sproutId: string): (files: readonly ProjectFile[]) => Promise<BuildResult> {
  const request = previewRequest(sproutId, 'draft', bridgeOrigin);
  return (files) => previews.build(files, { ...request, cacheKey: undefined, scope: undefined });
}

const MAX_CANDIDATES = 2_000;

/**
 * Which project each recent candidate (a run's build of files not stored yet) belongs to: the build
 * cache is keyed by version id alone, and a candidate is only ever served under its own project.
 * One per app, in its services, beside the builder whose cache it describes.
 */
export class CandidateProjects {
  private readonly projects = new Map<string, string>();

  remember(versionId: string, sproutId: string): void {
    this.projects.delete(versionId);
    this.projects.set(versionId, sproutId);
    if (this.projects.size > MAX_CANDIDATES) this.projects.delete(this.projects.keys().next().value!);
  }

  /** Whether `versionId` is a recent candidate of this project. */
  isOf(versionId: string, sproutId: string): boolean {
    return this.projects.get(versionId) === sproutId;
  }
}

/**
 * A run's candidate build of this project, or null: what the person's page shows while the server
 * checks it, before it is a version (or instead of one). From memory on the instance that built it
 * (finished or still building); elsewhere built from its stored files, once, then from memory.
 */
export async function candidateBuild(
  s: { previewCandidates: CandidateProjects; storedCandidates: StoredCandidates; previews: PreviewBuilder },
  bridgeOrigin: string,
  sproutId: string,
  versionId: string,
): Promise<BuildResult | null> {
  if (s.previewCandidates.isOf(versionId, sproutId)) {
    const cached = cachedPreviewBuild(s.previews, bridgeOrigin, sproutId, versionId);
    if (cached) return cached;
  }
  const files = await s.storedCandidates.load(sproutId, versionId);
  if (!files) return null;
  s.previewCandidates.remember(versionId, sproutId);
  return s.previews.build(files, previewRequest(sproutId, versionId, bridgeOrigin));
}

function previewRequest(sproutId: string, versionId: string, bridgeOrigin: string): BuildRequest {
  return { cacheKey: versionId, mode: 'preview', assetBase: buildBase(versionId), vendorBase: VENDOR_BASE, scope: sproutId, bridgeOrigin, version: versionId };
}

/**
 * The preview build of `versionId` if it is in the builder's memory (finished or still running),
 * else null: never builds and never reads the database. A run's candidate version exists only
 * there until the run commits it, which is what the render check loads.
 */
export function cachedPreviewBuild(previews: PreviewBuilder, bridgeOrigin: string, sproutId: string, versionId: string): Promise<BuildResult> | null {
  const request = previewRequest(sproutId, versionId, bridgeOrigin);
  if (!previews.has(request)) return null;
  return previews.build(() => Promise.reject(new Error('not cached')), request);
}
