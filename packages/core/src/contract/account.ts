import { z } from 'zod';
import { EmailAddress, NewPassword } from './users';

// The signed-in person's account beyond the profile: their address, password, sessions and the account itself.

/** GET /v1/me/account */
export const AccountStatus = z
  .object({
    email: z.string(),
    emailVerified: z.boolean(),
    pendingEmail: z.string().nullable().describe('An address the account is moving to, until its link is opened'),
    pendingEmailExpiresAt: z.string().nullable(),
  })
  .meta({ id: 'AccountStatus' });
export type AccountStatus = z.infer<typeof AccountStatus>;

/** The current password, checked (not validated as a new one: an old password may predate today's rules). */
const currentPassword = z.string().min(1, { error: 'Enter your current password.' }).max(256, { error: 'Password must be at most 256 characters.' });

export const EmailSent = z.object({ message: z.string(), sentTo: z.string() }).meta({ id: 'EmailSent' });
export type EmailSent = z.infer<typeof EmailSent>;

export const VerifyEmailBody = z.strictObject({ token: z.string().min(1).max(200) });
export const VerifiedEmail = z
  .object({
    email: z.string(),
    emailVerified: z.literal(true),
    changed: z.boolean().describe('true when the link moved the account to a new address'),
  })
  .meta({ id: 'VerifiedEmail' });
export type VerifiedEmail = z.infer<typeof VerifiedEmail>;

export const ChangePasswordBody = z.strictObject({ currentPassword, newPassword: NewPassword });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const ChangeEmailBody = z.strictObject({ newEmail: EmailAddress, currentPassword });
export type ChangeEmailBody = z.infer<typeof ChangeEmailBody>;

export const DeleteAccountBody = z.strictObject({ password: currentPassword });
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

export const AccountDeleted = z
  .object({
    deleted: z.literal(true),
    projects: z.number().int(),
    publishedApps: z.number().int(),
    subscription: z.enum(['none', 'cancelled', 'store']).describe('store: billed by an app store, which only the person can cancel there'),
  })
  .meta({ id: 'AccountDeleted' });
export type AccountDeleted = z.infer<typeof AccountDeleted>;
