import { z } from 'zod';
import { User } from './users';

export const ImpersonateBody = z
  .strictObject({ userId: z.string().min(1).max(64).optional(), email: z.email().max(254).optional() })
  .refine((b) => (b.userId === undefined) !== (b.email === undefined), { error: 'Give either userId or email.' });

export const Impersonation = z.object({ token: z.string(), expiresIn: z.number().int(), user: User });

export const RolesBody = z.strictObject({
  roles: z.array(z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, { error: 'Roles are lower-case words with underscores.' })).max(20),
});
