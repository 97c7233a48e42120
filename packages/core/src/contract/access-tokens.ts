import { z } from 'zod';

/** How many live personal access tokens one person may hold. */
export const MAX_ACCESS_TOKENS = 20;
export const MAX_ACCESS_TOKEN_NAME = 60;

/** read: clone and pull; write: push as well. */
export const AccessTokenScope = z.enum(['read', 'write']);
export type AccessTokenScope = z.infer<typeof AccessTokenScope>;

export const CreateAccessTokenBody = z.strictObject({
  name: z.string().trim().min(1, 'Give the token a name.').max(MAX_ACCESS_TOKEN_NAME, `A name may be at most ${MAX_ACCESS_TOKEN_NAME} characters.`),
  scope: AccessTokenScope,
});
export type CreateAccessTokenBody = z.infer<typeof CreateAccessTokenBody>;

/** A token as listed: never the token itself, which is shown once, when it is made. */
export const AccessTokenView = z.object({
  id: z.string(),
  name: z.string(),
  scope: AccessTokenScope,
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type AccessTokenView = z.infer<typeof AccessTokenView>;

export const AccessTokenList = z.object({ tokens: z.array(AccessTokenView) });
export type AccessTokenList = z.infer<typeof AccessTokenList>;

/** A token just made: `token` is the only time it is shown. */
export const CreatedAccessToken = AccessTokenView.extend({ token: z.string() });
export type CreatedAccessToken = z.infer<typeof CreatedAccessToken>;
