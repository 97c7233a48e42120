// The offline builder's behaviour checks pass on the apps it builds from free-form prompts (games,
// prompts outside the catalogue, apps composed from parts) in Chromium (see offline-checks.testing.ts).
import { FREE_FORM_CASES } from '@sprout/offline/testing';
import { describeOfflineChecks } from './offline-checks.testing';

describeOfflineChecks('the offline builder’s behaviour checks pass on its free-form apps, in Chromium', FREE_FORM_CASES);
