import type { RouteName } from '../routes/route-table';
import type { Assert, Same } from '../same';
import { ACCOUNT_ENDPOINTS } from './account';
import { ACCESS_TOKEN_ENDPOINTS } from './access-tokens';
import { GIT_REMOTE_ENDPOINTS } from './git-remotes';
import { ADMIN_ENDPOINTS } from './admin';
import { APP_DATA_ENDPOINTS } from './app-data';
import { FUNCTIONS_ENDPOINTS } from './functions';
import { ATTEMPT_ENDPOINTS } from './attempts';
import { AUTH_ENDPOINTS } from './auth';
import { OIDC_ENDPOINTS } from './oidc';
import { BILLING_ENDPOINTS } from './billing';
import { CHAT_ENDPOINTS } from './chat';
import { FILE_ENDPOINTS } from './files';
import { PROJECT_ENDPOINTS } from './projects';
import { PROJECT_IMPORT_ENDPOINTS } from './project-import';
import { PUBLISHING_ENDPOINTS } from './publishing';
import { SITE_SETTINGS_ENDPOINTS } from './site-settings';
import { CUSTOM_DOMAIN_ENDPOINTS } from './custom-domains';
import { SHARING_ENDPOINTS } from './sharing';
import { TELEMETRY_ENDPOINTS } from './telemetry';
import { USAGE_ENDPOINTS } from './usage';
import { VISUAL_EDIT_ENDPOINTS } from './visual-edits';

/** Every endpoint of the contract, by the name the route table gives it. */
export const ENDPOINTS = {
  ...AUTH_ENDPOINTS,
  ...OIDC_ENDPOINTS,
  ...ACCOUNT_ENDPOINTS,
  ...ACCESS_TOKEN_ENDPOINTS,
  ...GIT_REMOTE_ENDPOINTS,
  ...USAGE_ENDPOINTS,
  ...VISUAL_EDIT_ENDPOINTS,
  ...PROJECT_ENDPOINTS,
  ...PROJECT_IMPORT_ENDPOINTS,
  ...SHARING_ENDPOINTS,
  ...TELEMETRY_ENDPOINTS,
  ...BILLING_ENDPOINTS,
  ...ADMIN_ENDPOINTS,
  ...CHAT_ENDPOINTS,
  ...ATTEMPT_ENDPOINTS,
  ...FILE_ENDPOINTS,
  ...PUBLISHING_ENDPOINTS,
  ...SITE_SETTINGS_ENDPOINTS,
  ...CUSTOM_DOMAIN_ENDPOINTS,
  ...APP_DATA_ENDPOINTS,
  ...FUNCTIONS_ENDPOINTS,
} as const;

export type Endpoints = typeof ENDPOINTS;
/** An endpoint the contract defines whole: every route of the table, once. */
export type EndpointName = keyof Endpoints;

// The table and the endpoints name the same routes: this fails to compile when one has a name the other lacks.
export type EndpointsCoverRoutes = Assert<Same<EndpointName, RouteName>>;
