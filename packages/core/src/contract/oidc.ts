import { z } from 'zod';
import { Session } from './users';

/** A sign-in provider as the pages may know it: never its issuer's secrets. */
export const OidcProvider = z.object({ id: z.string(), label: z.string() }).meta({ id: 'OidcProvider' });
export type OidcProvider = z.infer<typeof OidcProvider>;

export const OidcProviders = z.object({ providers: z.array(OidcProvider) }).meta({ id: 'OidcProviders' });
export type OidcProviders = z.infer<typeof OidcProviders>;

export const OidcProviderParams = z.strictObject({ provider: z.string().max(64) });

/**
 * Where the person was going, as the sign-in page carries it; checked again by the page that
 * completes the sign-in (core resolveSignInRedirect), so nothing here is trusted as a destination.
 */
export const OidcStartQuery = z.object({
  redirectUrl: z.string().max(2048).optional(),
  prompt: z.string().max(10_000).optional(),
  from: z.enum(['login', 'register']).optional(),
  /**
   * The SHA-256 (hex) of a secret the sign-in page keeps in its tab's own storage: only that tab
   * can complete the sign-in, so a code taken to someone else's browser signs nobody in (login CSRF).
   */
  tab: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});
export type OidcStartQuery = z.infer<typeof OidcStartQuery>;

/** What a provider sends back: a code and the state, or an error (RFC 6749 §4.1.2). Anything else is ignored. */
export const OidcCallbackQuery = z.looseObject({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
});

/** The one-use code, and the tab's secret whose hash the sign-in started with. */
export const OidcCompleteBody = z.strictObject({ code: z.string().min(1).max(200), secret: z.string().min(32).max(128) });
export type OidcCompleteBody = z.infer<typeof OidcCompleteBody>;

/** The session, as a password sign-in answers it, and where the person was going when they left. */
export const OidcCompletion = Session.extend({
  redirectUrl: z.string().nullable(),
  prompt: z.string().nullable(),
  /** True when this sign-in made the account. */
  created: z.boolean(),
}).meta({ id: 'OidcCompletion' });
export type OidcCompletion = z.infer<typeof OidcCompletion>;
