// The offline builder's behaviour checks pass on the catalogue's apps (every chip and template) in
// Chromium; the free-form ones are in offline-checks-free-form.test.ts (see offline-checks.testing.ts).
import { CATALOGUE_CASES } from '@sprout/offline/testing';
import { describeOfflineChecks } from './offline-checks.testing';

describeOfflineChecks('the offline builder’s behaviour checks pass on its catalogue’s apps, in Chromium', CATALOGUE_CASES);
