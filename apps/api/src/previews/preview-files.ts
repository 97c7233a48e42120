import { getActiveRun, getSproutForOwner, getVersion } from '@sprout/db';
import type { BuildSuccess, BuiltAsset } from '@sprout/preview';
import type { Services } from '../services';
import { candidateBuild } from './preview-builds';
import type { HostedResponse } from '../hosting/response';

/** `/_sprout/build/{folder}/{file}`: a preview's module, source map or stylesheet, under the folder of the version the page loaded with. */
export const BUILD_FILE = /^\/_sprout\/build\/([a-z0-9]{1,64})\/([A-Za-z0-9._-]+)$/;
/** `/_sprout/version/{versionId}`: what the hot update client asks for when the Sprout page announces a version. */
export const VERSION_ROUTE = /^\/_sprout\/version\/([a-z0-9]{1,64})$/;

const notFound = (): HostedResponse => ({
  status: 404,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  body: 'Not found',
});

/** Private: the files are the owner's code; immutable: their names carry a content hash. */
const fileResponse = (asset: BuiltAsset): HostedResponse => ({
  status: 200,
  headers: { 'content-type': asset.contentType, 'cache-control': 'private, max-age=31536000, immutable' },
  body: asset.body,
});

/**
 * A file of a recent preview build of the project, from memory, when the request's session was
 * verified in the last few seconds: the fast path of a page load's hundreds of module requests.
 * Null when either is missing (the caller checks the session and builds as usual).
 */
export function recentFile(s: Services, sproutId: string, cookie: string | undefined, name: string): HostedResponse | null {
  const file = s.previews.previewFile(sproutId, name);
  if (!file || !cookie) return null;
  return s.previewTrust.isTrusted(sproutId, cookie) ? fileResponse(file) : null;
}

/**
 * A preview file by name: from the project's recent builds in memory, else from the build of the
 * page's folder version, else from the current version's (a page keeps its folder across hot
 * updates, so it asks under an older version for files of a newer one).
 */
export async function buildFile(s: Services, sprout: { id: string; currentVersionId: string | null }, folder: string, name: string): Promise<HostedResponse> {
  const known = s.previews.previewFile(sprout.id, name);
  if (known) return fileResponse(known);
  for (const versionId of new Set([folder, sprout.currentVersionId])) {
    if (!versionId) continue;
    // A folder that is no version is a run's candidate (its page loaded through another instance).
    const result = (await getVersion(s.db, sprout.id, versionId))
      ? await s.buildPreview(sprout.id, versionId)
      : versionId === folder
        ? await activeCandidate(s, sprout.id, versionId)
        : null;
    const asset = result?.ok ? result.assets.get(name) : undefined;
    if (asset) return fileResponse(asset);
  }
  return notFound();
}

/**
 * The build of a run's candidate of this project, while its run is still going (one that failed,
 * and was given back, is not handed out afterwards), or null. What the person's page shows while
 * the server checks it: in place, or as a whole page when it cannot be applied in place.
 */
export async function activeCandidate(s: Services, sproutId: string, versionId: string): Promise<BuildSuccess | null> {
  if (!(await getActiveRun(s.db, sproutId))) return null;
  const candidate = await candidateBuild(s, s.config.webOrigin, sproutId, versionId).catch(() => null);
  return candidate?.ok ? candidate : null;
}

/**
 * A version's module list for the hot update client, with the load tag of that version (the bridge's
 * runtime-error reports must name the version on screen): `{ ok: false }` when it does not build.
 */
export async function versionManifest(s: Services, sproutId: string, userId: string, versionId: string): Promise<HostedResponse> {
  const json = (status: number, value: unknown): HostedResponse => ({
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: JSON.stringify(value),
  });
  // The load tag is signed while the database answers, not after: signing waits for a crypto thread
  // and took 8-23 ms of this request on a busy 2-core server, on the path of every hot update.
  // Unused when the version is a candidate or does not exist.
  const loadTag = s.previewTokens.sign('load', userId, sproutId, Date.now(), versionId);
  loadTag.catch(() => undefined);
  const sprout = await getSproutForOwner(s.db, sproutId, userId);
  if (!sprout) return json(404, { ok: false, message: 'This version does not exist.' });
  if (!(await getVersion(s.db, sproutId, versionId))) {
    // A run's candidate, shown while the server checks it — only while its run is still going: one
    // that failed (and was given back) is not handed out afterwards. No load tag: a candidate's runtime
    // errors are the render check's to find, and it is not a version a repair could start from.
    const candidate = await activeCandidate(s, sproutId, versionId);
    if (!candidate?.manifest) return json(404, { ok: false, message: 'This version does not exist.' });
    return json(200, { ok: true, manifest: candidate.manifest, load: null });
  }
  const result = await s.buildPreview(sproutId, versionId);
  if (!result.ok || !result.manifest) return json(200, { ok: false });
  return json(200, { ok: true, manifest: result.manifest, load: (await loadTag).token });
}
