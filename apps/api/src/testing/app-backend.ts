import type { Session } from '@sprout/core/contract';
import type { TestApp } from './test-app';

/** The owner's preview cookie for a project (the grant exchanged as the preview iframe does). */
export async function previewCookie(t: TestApp, owner: Session, sproutId: string): Promise<{ host: string; cookie: string }> {
  const grant = new URL((await t.api('POST', `/build/v1/sprouts/${sproutId}/preview-session`, { token: owner.idToken, body: {} })).json().url);
  const res = await t.app.inject({ method: 'GET', url: grant.pathname + grant.search, headers: { host: grant.host } });
  const cookie = (res.headers['set-cookie'] as string[])[0]!.split(';')[0]!;
  return { host: grant.host, cookie };
}

/**
 * One browser visiting an app: its own cookie jar (the visitor and app-session cookies the backend
 * sets), the app's Host, and the Origin a browser would send.
 */
export function appVisitor(t: TestApp, host: string, baseCookie = '', protocol = 'http', remoteAddress?: string) {
  const jar = new Map<string, string>();
  const cookieHeader = () => [baseCookie, ...[...jar].map(([k, v]) => `${k}=${v}`)].filter(Boolean).join('; ');
  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method,
      url: `/_sprout/v1/${path}`,
      ...(remoteAddress ? { remoteAddress } : {}),
      headers: {
        host,
        origin: `${protocol}://${host}`,
        cookie: cookieHeader(),
        ...(body !== undefined && !Buffer.isBuffer(body) ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : Buffer.isBuffer(body) ? { payload: body } : { payload: JSON.stringify(body) }),
    });
    for (const line of [res.headers['set-cookie'] ?? []].flat()) {
      const [pair] = String(line).split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (/Max-Age=0/.test(String(line))) jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  };
  return { call, jar };
}

/** Writes each file into the project as the owner's manual edits (one version each), in order. */
export async function writeProjectFiles(t: TestApp, owner: Session, sproutId: string, files: Record<string, string>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    const sprout = (await t.api('GET', `/v1/sprouts/${sproutId}`, { token: owner.idToken })).json();
    const res = await t.api('PUT', `/build/v1/sprouts/${sproutId}/files`, {
      token: owner.idToken,
      body: { path, content, baseVersionId: sprout.currentVersionId },
    });
    if (res.statusCode >= 300) throw new Error(`writing ${path} was refused: ${res.statusCode} ${res.body}`);
  }
}
