/**
 * A published app's address (`{slug}.SITES_DOMAIN`) is an origin visitors' browsers trust: they keep
 * its storage there. When a project gives its address up (it takes another, or its account is
 * deleted) the address is held for `ADDRESS_HOLD_DAYS`: only the same owner may take it back
 * meanwhile. Whoever takes it after that makes visitors' browsers clear what the old app stored.
 */
export const ADDRESS_HOLD_DAYS = 30;
export const ADDRESS_HOLD_MS = ADDRESS_HOLD_DAYS * 24 * 3600_000;

export const ADDRESS_HELD_MESSAGE = `That address was given up recently and is held for ${ADDRESS_HOLD_DAYS} days. Try another.`;
