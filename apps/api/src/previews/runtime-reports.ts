import { z } from 'zod';
import { hitRateLimit, recordSeenRuntimeErrors } from '@sprout/db';
import type { PreviewHostRequest } from '../hosting/host-dispatch';
import { previewOriginOf } from '../hosting/hosts';
import type { HostedResponse } from '../hosting/response';
import type { Services } from '../services';

/**
 * Where a preview page's bridge reports each runtime error the page showed (its own origin): the
 * preview host records it for the version on screen, and a free repair is only for errors recorded
 * so (or found by the server's render check), not for any text a client posts to the API.
 */
export const RUNTIME_ERRORS_PATH = '/_sprout/runtime-errors';
/** One error's message and the page's load tag fit well within this. */
export const RUNTIME_REPORT_BYTES = 8 * 1024;
/** Per person and project: a page reports at most 10 errors per version shown, so this is many reloads' worth. */
export const RUNTIME_REPORTS_PER_MINUTE = 60;

const Report = z.strictObject({ load: z.string().min(1).max(2000), message: z.string().min(1).max(2000) });

const answer = (status: number, text: string): HostedResponse => ({
  status,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  body: text,
});

/**
 * `POST /_sprout/runtime-errors` `{ load, message }` on a preview origin, from that origin's own page
 * (a JSON body and the Origin header: no other site's page can send it with the person's cookie),
 * authorized by the owner's preview session cookie, with the load tag of the version the page shows.
 */
export async function receiveRuntimeError(s: Services, sproutId: string, req: PreviewHostRequest, session: { userId: string } | null): Promise<HostedResponse> {
  if (req.origin !== previewOriginOf(sproutId, s.config)) return answer(403, 'Only the preview’s own page reports its errors.');
  if (!req.contentType?.toLowerCase().startsWith('application/json')) return answer(415, 'Send the report as application/json.');
  if (!session) return answer(401, 'This preview has expired. Open it again from Sprout.');
  const { count } = await hitRateLimit(s.db, `runtime-errors:${sproutId}:${session.userId}`, 60_000);
  if (count > RUNTIME_REPORTS_PER_MINUTE) return answer(429, 'Too many error reports. Please slow down.');
  const raw = req.body ? await req.body(RUNTIME_REPORT_BYTES) : null;
  if (!raw) return answer(413, 'The report is too large.');
  let parsed: z.infer<typeof Report>;
  try {
    parsed = Report.parse(JSON.parse(raw.toString('utf8')));
  } catch {
    return answer(400, 'The report is not valid.');
  }
  // The tag names the version the page showed, for this person: a report is recorded for that one only.
  const load = await s.previewTokens.verify(parsed.load, 'load', sproutId);
  if (!load?.versionId || load.userId !== session.userId) return answer(403, 'This report does not come from a page of this preview.');
  await recordSeenRuntimeErrors(s.db, { sproutId, versionId: load.versionId, messages: [parsed.message] });
  return { status: 204, headers: { 'cache-control': 'no-store' }, body: '' };
}
