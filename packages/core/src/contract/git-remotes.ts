import { z } from 'zod';
import { Version } from './files';

/**
 * A remote as typed: bounded here, then held to `parseRemoteUrl` and `parseRemoteToken`
 * (git-remote/remote-url.ts), which say in plain words what is wrong. No token: a public repository.
 */
export const ConnectRemoteBody = z.strictObject({
  url: z.string().max(2000),
  token: z.string().max(2000).optional(),
});
export type ConnectRemoteBody = z.infer<typeof ConnectRemoteBody>;

/** A connected remote as shown: never its token. */
export const RemoteView = z.object({
  url: z.string(),
  /** Whether a token was given (its value is never sent back). */
  hasToken: z.boolean(),
  connectedAt: z.string(),
  lastPushedAt: z.string().nullable(),
  lastPulledAt: z.string().nullable(),
  /** What went wrong the last time Sprout pushed or pulled, in plain words; null after a success. */
  lastError: z.string().nullable(),
});
export type RemoteView = z.infer<typeof RemoteView>;

export const RemoteStatus = z.object({ remote: RemoteView.nullable() }).meta({ id: 'RemoteStatus' });
export type RemoteStatus = z.infer<typeof RemoteStatus>;

/** A pull: the versions the remote's new commits became, oldest first (none: nothing new). */
export const PullAnswer = z.object({ versions: z.array(Version), remote: RemoteView });
export type PullAnswer = z.infer<typeof PullAnswer>;
