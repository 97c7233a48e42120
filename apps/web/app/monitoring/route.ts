import { NextResponse } from 'next/server';
import { z } from 'zod';
import { forwardErrorReport } from '@/lib/server/monitoring';
import { isSameOrigin } from '@/lib/server/origin';

const ErrorReport = z.strictObject({
  message: z.string().min(1).max(2000),
  stack: z.string().max(8000).optional(),
  url: z.string().max(2000).optional(),
  userAgent: z.string().max(500).optional(),
});

/**
 * The same-origin error tunnel: ad blockers and CSP leave first-party requests alone. Reports go to
 * the API (first-party) and, when SENTRY_DSN is set, to a Sentry-compatible service.
 */
export async function POST(request: Request) {
  if (!isSameOrigin(request)) return NextResponse.json({ code: 'forbidden', message: 'Cross-site request refused.' }, { status: 403 });
  const text = await request.text();
  if (text.length > 16_000) return NextResponse.json({ code: 'body_too_large', message: 'The report is too large.' }, { status: 413 });
  let parsed;
  try {
    parsed = ErrorReport.safeParse(JSON.parse(text));
  } catch {
    return NextResponse.json({ code: 'invalid_json', message: 'The request body is not valid JSON.' }, { status: 400 });
  }
  if (!parsed.success) return NextResponse.json({ code: 'invalid_request', message: parsed.error.issues[0]?.message ?? 'Invalid report.' }, { status: 400 });

  const ok = await forwardErrorReport(parsed.data);
  return NextResponse.json({ ok }, { status: 202 });
}
