import { getSproutForOwner, getUserById, getVersion, hitRateLimit, sha256Hex, tokensEndedSince } from '@sprout/db';
import { bridgeScript, cspHash } from '@sprout/preview';
import type { Services } from '../services';
import { previewSetCookies, readPreviewCookies } from './preview-cookies';
import { buildErrorPage } from '../hosting/pages';
import { checkSession, serveCheckedVersion } from './check-access';
import { methodNotAllowed, type PreviewHostRequest } from '../hosting/host-dispatch';
import { receiveRuntimeError, RUNTIME_ERRORS_PATH } from './runtime-reports';
import { activeCandidate, BUILD_FILE, buildFile, recentFile, VERSION_ROUTE, versionManifest } from './preview-files';
import { VENDOR_BASE } from './preview-builds';
import { PREVIEW_GRANT_TTL_SECONDS, PREVIEW_SESSION_TTL_SECONDS } from './preview-tokens';
import { HTML, htmlPage, isPageRoute, missingFile, requestPath, safeReturnPath, type HostedResponse } from '../hosting/response';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const EXPIRED = 'This preview link has expired or is not valid. Open the preview again from Sprout.';

/**
 * Answers a request on `{sproutId}.{PREVIEW_DOMAIN}`: the token exchange, shared vendor files, and —
 * for the owner holding a preview cookie — the project's page, built files and public files, and the
 * page's reports of the runtime errors it showed (./runtime-reports.ts).
 */
export async function servePreview(s: Services, sproutId: string, req: PreviewHostRequest): Promise<HostedResponse & { scriptHashes?: string[] }> {
  const parsed = requestPath(req.url);
  if (!parsed) return htmlPage(400, 'Bad request', 'This address is not valid.');
  const { path, query } = parsed;

  // The one write a preview host takes: its bridge telling which runtime errors the page showed.
  if (req.method === 'POST')
    return path === RUNTIME_ERRORS_PATH ? receiveRuntimeError(s, sproutId, req, await previewSession(s, sproutId, req.cookie)) : methodNotAllowed();
  if (path === '/_sprout/session') return exchangeGrant(s, sproutId, query);
  // The server's own render check of a candidate version: that one version and nothing else.
  const check = await checkSession(s, sproutId, req.cookie);
  const built = BUILD_FILE.exec(path);
  const fast = built && !check ? recentFile(s, sproutId, req.cookie, built[2]!) : null;
  if (fast) return fast;
  // Shared vendor files: served to anyone (a page's import map names them), built only for a session.
  if (path.startsWith(VENDOR_BASE))
    return vendorFile(s, path.slice(VENDOR_BASE.length), async () => check !== null || (await previewSession(s, sproutId, req.cookie)) !== null);
  const session = check ? null : await previewSession(s, sproutId, req.cookie);
  if (check) return serveCheckedVersion(s, sproutId, check, path, query);
  if (!session) return htmlPage(401, 'Preview link expired', EXPIRED);
  const version = VERSION_ROUTE.exec(path);
  if (version) return versionManifest(s, sproutId, session.userId, version[1]!);
  const sprout = await getSproutForOwner(s.db, sproutId, session.userId);
  if (!sprout) return htmlPage(404, 'Not found', 'This project does not exist or is not yours.');

  if (built) {
    s.previewTrust.trust(sproutId, req.cookie);
    return buildFile(s, sprout, built[1]!, built[2]!);
  }
  if (path.startsWith('/_sprout/')) return htmlPage(404, 'Not found', 'Nothing here.');

  const versionId = query.get('version') ?? sprout.currentVersionId;
  if (!versionId) return htmlPage(404, 'Not found', 'This version does not exist.');
  if (!(await getVersion(s.db, sprout.id, versionId))) {
    // A run's candidate asked for by name: the hot update client loads it this way when it cannot be
    // applied in place (a plain reload would load the current version again, and never show it).
    const candidate = isPageRoute(path) ? await activeCandidate(s, sprout.id, versionId) : null;
    if (!candidate) return isPageRoute(path) ? withoutVersion(path, query) : htmlPage(404, 'Not found', 'This version does not exist.');
    s.previewTrust.trust(sproutId, req.cookie);
    // No load tag: a candidate's runtime errors are the render check's to find until it is a version.
    return {
      status: 200,
      headers: { 'content-type': HTML, 'cache-control': 'no-store' },
      body: withPageTags(candidate.html, { version: versionId }),
      scriptHashes: candidate.scriptHashes,
    };
  }
  const result = await s.buildPreview(sprout.id, versionId);
  if (!result.ok) {
    const bridge = bridgeScript(s.config.webOrigin);
    return {
      status: 200,
      headers: { 'content-type': HTML, 'cache-control': 'no-store' },
      body: withPageTags(buildErrorPage(result.errors, bridge), { version: versionId }),
      scriptHashes: [cspHash(bridge)],
    };
  }
  if (isPageRoute(path)) {
    // The page's modules follow by the hundred: this session needs no second check for them.
    s.previewTrust.trust(sproutId, req.cookie);
    // The bridge tags this load's runtime-error reports, so only a real load of this version can ask for a free repair.
    const load = await s.previewTokens.sign('load', session.userId, sprout.id, Date.now(), versionId);
    return {
      status: 200,
      headers: { 'content-type': HTML, 'cache-control': 'no-store' },
      body: withPageTags(result.html, { load: load.token, version: versionId }),
      scriptHashes: result.scriptHashes,
    };
  }
  const file = result.publicFiles.get(path.slice(1));
  if (!file) return missingFile(path);
  return { status: 200, headers: { 'content-type': file.contentType, 'cache-control': 'no-cache' }, body: file.body };
}

/**
 * A page asked for by a version that is not there (a run's candidate whose run ended without it, an
 * id that never was): the same address without the name, which is the project's current version. A
 * 404 here left the frame on a page without the bridge, and the preview said "out of date" until the
 * person reloaded it. Same origin only (a path, never `//host`).
 */
function withoutVersion(path: string, query: URLSearchParams): HostedResponse {
  const rest = new URLSearchParams(query);
  rest.delete('version');
  const search = rest.size ? `?${rest.toString()}` : '';
  return { status: 303, headers: { location: safeReturnPath(`${path}${search}`), 'cache-control': 'no-store' }, body: '' };
}

/**
 * The load tag and the version shown, as the page's first head elements, where the bridge (which
 * runs before the app) reads them: the tag goes with runtime-error reports, the version tells the
 * bridge which announced versions it already shows.
 */
function withPageTags(html: string, tags: { load?: string; version: string }): string {
  const safe = (v: string) => v.replace(/[^A-Za-z0-9._-]/g, '');
  const meta = `${tags.load ? `<meta name="sprout-load" content="${safe(tags.load)}">` : ''}<meta name="sprout-version" content="${safe(tags.version)}">`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  return head ? html.slice(0, head.index + head[0].length) + meta + html.slice(head.index + head[0].length) : meta + html;
}

async function exchangeGrant(s: Services, sproutId: string, query: URLSearchParams): Promise<HostedResponse> {
  const grant = query.get('token');
  const verified = grant ? await s.previewTokens.verify(grant, 'grant', sproutId) : null;
  if (!verified || (await endedSince(s, verified.userId, verified.issuedAt))) return htmlPage(401, 'Preview link expired', EXPIRED);
  // A grant works once: a link copied from the address bar or a log opens nothing.
  const uses = await hitRateLimit(s.db, `preview-grant:${sha256Hex(grant!)}`, PREVIEW_GRANT_TTL_SECONDS * 1000);
  if (uses.count > 1) return htmlPage(401, 'Preview link expired', EXPIRED);
  const session = await s.previewTokens.sign('session', verified.userId, sproutId);
  return {
    status: 303,
    headers: {
      location: safeReturnPath(query.get('path')),
      'set-cookie': previewSetCookies(s.config.appProtocol, session.token, PREVIEW_SESSION_TTL_SECONDS),
      'cache-control': 'no-store',
    },
    body: '',
  };
}

/** The owner's preview session on this project from its cookies, or null (also once the owner signed out since). */
export async function previewSession(s: Services, sproutId: string, cookie: string | undefined): Promise<{ userId: string } | null> {
  for (const token of readPreviewCookies(cookie, s.config.appProtocol)) {
    const session = await s.previewTokens.verify(token, 'session', sproutId);
    if (session && !(await endedSince(s, session.userId, session.issuedAt))) return session;
  }
  return null;
}

/** Whether the person's sign-ins were ended (sign-out, reset) after `issuedAt` (epoch ms). */
async function endedSince(s: Services, userId: string, issuedAt: number): Promise<boolean> {
  const user = await getUserById(s.db, userId);
  return !user || tokensEndedSince(user, issuedAt);
}

/** A vendor file; building one (bundling a package) is work only a preview session may cause. */
async function vendorFile(s: Services, rest: string, mayBuild: () => Promise<boolean>): Promise<HostedResponse> {
  const [key, file, ...extra] = rest.split('/');
  const known = key === s.previews.vendor.key && file && extra.length === 0;
  let body = known ? await s.previews.vendor.read(file) : null;
  if (known && !body && (await mayBuild())) body = await s.previews.vendor.readOrBuild(file);
  if (!body) return { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, body: 'Not found' };
  return { status: 200, headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': IMMUTABLE }, body };
}
