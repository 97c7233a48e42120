// The public entry of paywall: the paywall a plan limit opens, and the message it keeps. The routes
// and other features import it from here.
export { heldMessage, holdMessage, NEW_PROJECT, releaseHeldMessage } from './held-message';
export { openPaywall, PaywallDialog } from './paywall';
