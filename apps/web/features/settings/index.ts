// The public entry of settings: the /settings pages. The routes and other features import it from
// here.
export { BillingView } from './billing-view';
export { SettingsView } from './settings-view';
