import type { GateRule } from '../contract/publish-gate';

/** Each rule in the owner's words (the Publish dialog and History). */
export const GATE_RULE_TITLES: Readonly<Record<GateRule, string>> = {
  'secret-in-client': "A key in the app's code",
  'public-personal-data': 'Personal data anyone can read',
  'others-can-change': 'People can change what others wrote',
  'webhook-unverified': 'A webhook that trusts anyone',
  'html-from-data': 'HTML built from data',
  'insecure-script': 'A script from an unsafe address',
  'known-advisory': 'A package with a known vulnerability',
};
