import type { BuiltAsset } from '@sprout/preview';

/** An answer as the API's `inject` gives it (check-requests.ts calls it `DispatchResponse`). */
export interface StaticAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  rawPayload: Buffer;
}

// A checked page asks for its modules by the dozen, twice per candidate (the render check and each
// behaviour check), and every request the API answers in-process costs a session check (two database
// reads) and a trip through Fastify while the run keeps the same process busy. Most of them need
// neither: the candidate's own built files are in the build the check already holds, and vendor
// files are the same immutable, content-keyed bytes for every project and every check.

const VENDOR_FILE = /^\/_sprout\/vendor\/[A-Za-z0-9_-]+\/[^/]+$/;
// A project imports a few dozen packages at most; the bound keeps a flood of odd names from growing it.
const MAX_VENDOR_FILES = 256;

/** The vendor files the API already sent to a check, for the next checks: one per render check (the app's services). */
export class VendorAnswers {
  private readonly answers = new Map<string, StaticAnswer>();

  get(path: string): StaticAnswer | null {
    return this.answers.get(path) ?? null;
  }

  /** Keeps the API's answer to a vendor file for the next checks, when it is one that never changes. */
  keep(path: string, res: StaticAnswer): void {
    if (!VENDOR_FILE.test(path) || res.statusCode !== 200 || !String(res.headers['cache-control'] ?? '').includes('immutable')) return;
    if (this.answers.size >= MAX_VENDOR_FILES && !this.answers.has(path)) this.answers.delete(this.answers.keys().next().value as string);
    this.answers.set(path, res);
  }
}

// What the preview host sends with a built file (hosting/preview-check.ts, security-headers.ts); a
// content security policy means nothing on a script or stylesheet, so it is not repeated here.
const BUILT_FILE_HEADERS = {
  'cache-control': 'private, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
};

/**
 * The answer to a GET the check can give without the API, or null: a file of the candidate's own
 * build (`buildBase` is `/_sprout/build/{versionId}/`; a name the build does not have goes to the
 * API, which answers 404 as it would to the iframe), or a vendor file an earlier check was sent.
 */
export function localAnswer(path: string, buildBase: string, assets: ReadonlyMap<string, BuiltAsset>, vendor: VendorAnswers): StaticAnswer | null {
  if (path.startsWith(buildBase)) {
    const asset = assets.get(path.slice(buildBase.length));
    if (!asset) return null;
    const body = Buffer.from(asset.body.buffer, asset.body.byteOffset, asset.body.byteLength);
    return { statusCode: 200, headers: { ...BUILT_FILE_HEADERS, 'content-type': asset.contentType }, rawPayload: body };
  }
  return vendor.get(path);
}
