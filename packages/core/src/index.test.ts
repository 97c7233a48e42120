import { describe, expect, it } from 'vitest';
import * as core from './index';

// packages/db and apps/api are written against these names; renaming one breaks them.
const CONTRACT = [
  'TIER_IDS', 'isTierId', 'TIER_ALLOWANCES', 'tierAllowance', 'planLabel', 'tierChangeDirection',
  'SUBSCRIPTION_TYPES', 'STORE_SOURCES', 'storeSourceLabel', 'isPaidSubscription', 'canManageSubscription',
  'planLimits', 'quota', 'isExhausted', 'usageStats', 'messageLimitReached', 'PUBLISHED_APP_LIMITS', 'publishedAppLimit',
  'dayStart', 'monthStart', 'nextDayStart', 'nextMonthStart',
  'paywallForCreate',
  'UPGRADE_DESTINATIONS', 'upgradePath',
  'PROMPT_MAX_LENGTH', 'PROMPT_COUNTER_FROM', 'isPromptSubmittable', 'clampPrompt', 'showPromptCounter', 'promptCounterText',
  'promptSchema',
  'TEMPLATE_CATEGORIES', 'composeTemplatePrompt', 'QUICK_START_CHIPS',
  'DEFAULT_REDIRECT_HOSTS', 'allowedRedirectHosts', 'redirectWarning', 'resolveSignInRedirect', 'loginRedirectFor',
  'DISPLAY_NAME_MAX', 'defaultDisplayName', 'normalizeDisplayName',
  'COURSE_ENGINEER', 'parseRoles', 'hasRole', 'isDeveloperToolbarUser',
  'FLAG_DEFAULTS', 'isFlagKey', 'flagValueSchema', 'mergeFlags',
  'EXPERIMENTS', 'experimentBucket',
  'NO_TOKEN_FOUND', 'INVALID_CONFIG', 'createFailureMessage', 'loginEndpointError', 'logoutEndpointError',
  'couldNotFetchApps', 'couldNotCreateApp', 'couldNotPatch', 'couldNotDelete',
  'ALLOWED_EXTENSIONS', 'FILE_LIMITS', 'validateProjectPath', 'validateProjectFiles',
];

describe('package entry point', () => {
  it.each(CONTRACT)('exports %s', (name) => {
    expect(core).toHaveProperty(name);
    expect((core as Record<string, unknown>)[name]).toBeDefined();
  });
});
