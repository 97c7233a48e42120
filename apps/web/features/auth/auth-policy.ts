import type { AuthPolicy } from './auth-gate';

/**
 * For pages whose server component has already checked the session cookie (and redirected to login
 * without one): render the server-prefetched content at once instead of a loader while the client
 * session starts, and still send a client that turns out to be signed out to login.
 */
export const SIGNED_IN_SERVER_CHECKED: AuthPolicy = { uninitialised: 'render', 'signed-in': 'render', 'signed-out': 'login' };

/**
 * A share link's: the same, except that a signed-out visitor goes to sign-up (sign-in when this
 * browser has had an account), where the page shows the project they are about to remix.
 */
export const SHARE_LINK_SERVER_CHECKED: AuthPolicy = { uninitialised: 'render', 'signed-in': 'render', 'signed-out': 'join' };
