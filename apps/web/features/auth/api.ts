import type { CallInput } from '@sprout/core/contract';
import { confirmPasswordReset, requestPasswordReset as requestPasswordResetRoute, type NameOf, type Route } from '@sprout/core/routes';
import { NETWORK_ERROR_TEXT } from '@/lib/api/error-text';
import { routeUrl } from '@/lib/api/route-url';

/*
 * The password reset's calls (`{api}/v1/auth/password-reset…`), made signed out: no token, and an
 * answer the forms read as it is (ok, or the server's message and field errors).
 */

export interface FormAnswer {
  ok: boolean;
  message?: string;
  fields?: { path: string; message: string }[];
}

async function post<R extends Route<'requestPasswordReset' | 'confirmPasswordReset'>>(
  apiUrl: string,
  route: R,
  body: CallInput<NameOf<R>>['body'],
): Promise<FormAnswer> {
  try {
    const res = await fetch(routeUrl({ apiUrl }, route), { method: route.method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (res.ok) return { ok: true };
    const json = await res.json().catch(() => ({}));
    return { ok: false, message: json.message ?? `Request failed (${res.status})`, fields: json.fields };
  } catch {
    return { ok: false, message: NETWORK_ERROR_TEXT };
  }
}

/** Mails a reset link to `email` (the answer is the same whether an account has it or not). */
export const requestPasswordReset = (apiUrl: string, email: string) => post(apiUrl, requestPasswordResetRoute, { email });

/** A mailed link's token and the new password. */
export const resetPassword = (apiUrl: string, token: string, password: string) => post(apiUrl, confirmPasswordReset, { token, password });
