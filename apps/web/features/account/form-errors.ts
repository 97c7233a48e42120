import { ApiError } from '@/lib/api/client';
import { errorText } from '@/lib/api/error-text';

/**
 * A refused form, per field: the API's `fields` (zod or the route's own) by field name, and what
 * is left for the form as a whole (`form`), e.g. a rate limit or a lost connection.
 */
export function formErrors<F extends string>(err: unknown, fields: readonly F[], otherwise: string): Partial<Record<F | 'form', string>> {
  const out: Partial<Record<F | 'form', string>> = {};
  const listed = err instanceof ApiError ? (err.body.fields as { path?: unknown; message?: unknown }[] | undefined) : undefined;
  for (const f of Array.isArray(listed) ? listed : []) {
    const name = String(f.path ?? '').split('.')[0] as F;
    if (fields.includes(name) && typeof f.message === 'string' && !out[name]) out[name] = f.message;
  }
  if (Object.keys(out).length === 0) out.form = errorText(err, { status: 'none', otherwise });
  return out;
}
