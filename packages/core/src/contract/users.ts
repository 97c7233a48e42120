import { z } from 'zod';
import { CONTROL_CHARS } from '../text/text';

export const User = z
  .object({
    id: z.string(),
    email: z.string(),
    displayName: z.string(),
    emailVerified: z.boolean(),
    photoURL: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    tenantId: z.string().nullable(),
    roles: z.array(z.string()),
    tier: z.string(),
    planLabel: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

/** What sign-up, sign-in and refresh answer. */
export const Session = z
  .object({
    tokenType: z.literal('Bearer'),
    idToken: z.string(),
    expiresIn: z.number().int().describe('seconds until idToken expires'),
    refreshToken: z.string(),
    user: User,
  })
  .meta({ id: 'Session' });
export type Session = z.infer<typeof Session>;

/**
 * The person's claims an ID token carries (ES256, keys at /v1/auth/jwks.json), beside `token_use`
 * ('id') and the registered iss, aud, sub, iat and exp. Whoever reads them reads this shape; only
 * the API and the web server trust them, after verifying the signature.
 */
export interface IdTokenClaims {
  /** The user id. */
  sub: string;
  email: string;
  displayName: string;
  emailVerified: boolean;
  photoURL: string | null;
  phoneNumber: string | null;
  tenantId: string | null;
  roles: string[];
  tier: string;
}

const email = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ error: 'Enter a valid email address.' }));
const password = z.string().min(10, { error: 'Password must be at least 10 characters.' }).max(256, { error: 'Password must be at most 256 characters.' });
/** A person's name: what sign-up and the settings page accept. */
export const PersonName = z
  .string()
  .trim()
  .min(1, { error: 'Enter your name.' })
  .max(100, { error: 'Name must be at most 100 characters.' })
  .refine((v) => !CONTROL_CHARS.test(v), { error: 'Name cannot contain control characters.' });

export const RegisterBody = z.strictObject({ email, password, displayName: PersonName });
export type RegisterBody = z.infer<typeof RegisterBody>;

export const LoginBody = z.strictObject({ email: z.string().max(254), password: z.string().max(256) });
export type LoginBody = z.infer<typeof LoginBody>;

export const RefreshBody = z.strictObject({
  refreshToken: z.string().min(1).max(200),
  // The client may propose the next refresh token (43+ random base64url characters) and keep
  // it before sending: if the answer is lost (a navigation), it still holds a valid token.
  nextRefreshToken: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43,128}$/, 'Must be 43 to 128 base64url characters.')
    // 32 random bytes use about 30 distinct characters; a pattern (aaaa…, abab…) is no secret.
    .refine((t) => new Set(t).size >= 16, 'Must be random: at least 16 different characters.')
    .optional(),
});
export type RefreshBody = z.infer<typeof RefreshBody>;

export const LogoutBody = z.strictObject({ refreshToken: z.string().min(1).max(200) });
export const PasswordResetBody = z.strictObject({ email });
export const PasswordResetAnswer = z.object({ message: z.string() });
export const PasswordResetConfirmBody = z.strictObject({ token: z.string().min(1).max(200), password });
export const Jwks = z.object({ keys: z.array(z.looseObject({})) });

export const PatchMeBody = z.strictObject({ displayName: PersonName });
export type PatchMeBody = z.infer<typeof PatchMeBody>;

export const VisitBody = z.strictObject({ appName: z.enum(['web', 'ios', 'android']) });

/** What sign-up accepts, for the account routes (contract/account.ts) that take a new address or password. */
export { email as EmailAddress, password as NewPassword };
