/** How often a pending domain is checked, and for how long after it was added. */
export const PENDING_CHECK_EVERY_MS = 10 * 60_000;
export const PENDING_CHECK_FOR_MS = 3 * 24 * 3600_000;
/** How often a verified domain's records are checked again. */
export const VERIFIED_CHECK_EVERY_MS = 24 * 3600_000;
