// The server's checks (checks/) open a candidate version on its preview origin: the access they are
// given there, which serves that one version from the build cache and nothing else.
import { getSproutForOwner, getUserById, tokensEndedSince } from '@sprout/db';
import type { Services } from '../services';
import { readCookie } from '../hosting/cookies';
import { cachedPreviewBuild } from './preview-builds';
import { CHECK_BUILD_GONE, CHECK_COOKIE } from './check-cookie';
import { HTML, htmlPage, isPageRoute, missingFile, type HostedResponse } from '../hosting/response';

export interface CheckSession {
  userId: string;
  versionId: string;
  /** A behaviour check: its app data is a dataset of its own (`check`), emptied before each check, never the owner's test data. */
  isolated: boolean;
}

/** The render check this request belongs to, from its cookie: valid, for this project, while the owner's sign-ins stand. */
export async function checkSession(s: Services, sproutId: string, cookie: string | undefined): Promise<CheckSession | null> {
  const token = readCookie(cookie, CHECK_COOKIE);
  if (!token) return null;
  const verified = await s.previewTokens.verify(token, 'check', sproutId);
  if (!verified?.versionId) return null;
  const user = await getUserById(s.db, verified.userId);
  if (!user || tokensEndedSince(user, verified.issuedAt)) return null;
  return { userId: verified.userId, versionId: verified.versionId, isolated: verified.isolated };
}

const notFound = (): HostedResponse => ({
  status: 404,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  body: 'Not found',
});

/**
 * What a check session may load: the page, built files and public files of its one candidate
 * version, straight from the build cache (it never builds, never loads another version, never a
 * stored one). Vendor files are served by the caller as for a preview session.
 */
export async function serveCheckedVersion(
  s: Services,
  sproutId: string,
  check: CheckSession,
  path: string,
  query: URLSearchParams,
): Promise<HostedResponse & { scriptHashes?: string[] }> {
  const sprout = await getSproutForOwner(s.db, sproutId, check.userId);
  if (!sprout) return htmlPage(404, 'Not found', 'This project does not exist or is not yours.');
  const built = /^\/_sprout\/build\/([a-z0-9]{1,64})\/([A-Za-z0-9._-]+)$/.exec(path);
  if (built && built[1] !== check.versionId) return notFound();
  if (!built && path.startsWith('/_sprout/')) return htmlPage(404, 'Not found', 'Nothing here.');
  const version = query.get('version');
  if (version !== null && version !== check.versionId) return htmlPage(404, 'Not found', 'This version does not exist.');

  const pending = cachedPreviewBuild(s.previews, s.config.webOrigin, sproutId, check.versionId);
  const result = pending ? await pending : null;
  if (!result?.ok) return htmlPage(503, 'Not available', CHECK_BUILD_GONE);
  if (built) {
    const asset = result.assets.get(built[2]!);
    if (!asset) return notFound();
    return { status: 200, headers: { 'content-type': asset.contentType, 'cache-control': 'private, max-age=31536000, immutable' }, body: asset.body };
  }
  // No load tag: a check's page load can never ask for a runtime repair.
  if (isPageRoute(path))
    return { status: 200, headers: { 'content-type': HTML, 'cache-control': 'no-store' }, body: result.html, scriptHashes: result.scriptHashes };
  const file = result.publicFiles.get(path.slice(1));
  if (!file) return missingFile(path);
  return { status: 200, headers: { 'content-type': file.contentType, 'cache-control': 'no-cache' }, body: file.body };
}
