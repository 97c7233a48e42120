import type { FastifyReply } from 'fastify';
import { messagePage } from './pages';

/** What an app host answers; built by plain functions so they can be tested without HTTP. */
export interface HostedResponse {
  status: number;
  headers: Record<string, string | string[]>;
  body: string | Uint8Array;
}

export const HTML = 'text/html; charset=utf-8';

export function htmlPage(status: number, title: string, message: string): HostedResponse {
  return { status, headers: { 'content-type': HTML, 'cache-control': 'no-store' }, body: messagePage(title, message) };
}

export function sendHosted(reply: FastifyReply, response: HostedResponse, security: Record<string, string>, head: boolean): FastifyReply {
  reply.status(response.status).headers({ ...security, ...response.headers });
  return reply.send(
    head
      ? undefined
      : typeof response.body === 'string'
        ? response.body
        : Buffer.from(response.body.buffer, response.body.byteOffset, response.body.byteLength),
  );
}

/** The request path without its query, or null when it is not a plain, decodable path. */
export function requestPath(url: string): { path: string; query: URLSearchParams } | null {
  try {
    const parsed = new URL(url, 'http://app.invalid');
    const path = decodeURIComponent(parsed.pathname);
    if (path.includes('\0') || path.split('/').includes('..')) return null;
    return { path, query: parsed.searchParams };
  } catch {
    return null;
  }
}

/** SPA routes (`/tasks/12`) get the page; paths that look like files (`/logo.png`) do not. */
export function isPageRoute(path: string): boolean {
  const last = path.slice(path.lastIndexOf('/') + 1);
  return path === '/' || path === '/index.html' || !last.includes('.');
}

/**
 * A file the app does not have. Browsers ask every origin for /favicon.ico on their own; an app
 * without one gets an empty answer instead of a 404 that would show up as an error in its console.
 */
export function missingFile(path: string): HostedResponse {
  if (path === '/favicon.ico') return { status: 204, headers: { 'cache-control': 'public, max-age=300' }, body: '' };
  return { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, body: 'Not found' };
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Where a grant may send the browser after setting the cookie: a path on this origin only, with
 * anything outside printable ASCII percent-encoded (a Location header can carry nothing else).
 */
export function safeReturnPath(path: string | null): string {
  if (!path || !path.startsWith('/') || path.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(path) || LONE_SURROGATE.test(path)) return '/';
  return path.replace(/[^\u0021-\u007e]/gu, (c) => encodeURIComponent(c));
}
