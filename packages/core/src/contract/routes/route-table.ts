import type { Assert, Same } from '../same';
import type { RouteAddress } from './address';
import { ACCOUNT_ROUTES } from './table/account';
import { ACCESS_TOKEN_ROUTES } from './table/access-tokens';
import { GIT_REMOTES_ROUTES } from './table/git-remotes';
import { ADMIN_ROUTES } from './table/admin';
import { APP_DATA_ROUTES } from './table/app-data';
import { FUNCTIONS_ROUTES } from './table/functions';
import { ATTEMPTS_ROUTES } from './table/attempts';
import { AUTH_ROUTES } from './table/auth';
import { PASSWORD_RESET_ROUTES } from './table/password-reset';
import { OIDC_ROUTES } from './table/oidc';
import { BILLING_ROUTES } from './table/billing';
import { CHAT_ROUTES } from './table/chat';
import { FILES_ROUTES } from './table/files';
import { PROJECTS_ROUTES } from './table/projects';
import { PROJECT_IMPORT_ROUTES } from './table/project-import';
import { PUBLISHING_ROUTES } from './table/publishing';
import { SITE_SETTINGS_ROUTES } from './table/site-settings';
import { CUSTOM_DOMAINS_ROUTES } from './table/custom-domains';
import { SHARING_ROUTES } from './table/sharing';
import { TELEMETRY_ROUTES } from './table/telemetry';
import { USAGE_ROUTES } from './table/usage';
import { VISUAL_EDITS_ROUTES } from './table/visual-edits';

// Every endpoint of the API, by name: where it is mounted, its method and its path. The API registers
// each one from here (with the schemas of `../endpoints`), the web client builds its requests from
// here, and the OpenAPI document is made from what the API registered: a path or a method written
// twice could drift, one written once cannot. No zod here: the browser imports the routes' values.
//
// Each route is an export of its own in `./table/<area>.ts` (the areas of `../endpoints`; the
// password reset apart from signing in), and `ROUTES` gathers them for the API and the tests. The web
// imports the routes it calls: its bundler keeps or drops a module whole, so a page's bundle carries
// the areas it calls, not the whole table. A route is its address alone: its name is the name it is
// exported under, which its type gives back (`NameOf`), so a call of it is typed by its endpoint.

export * from './table/auth';
export * from './table/password-reset';
export * from './table/oidc';
export * from './table/account';
export * from './table/access-tokens';
export * from './table/git-remotes';
export * from './table/usage';
export * from './table/visual-edits';
export * from './table/projects';
export * from './table/project-import';
export * from './table/sharing';
export * from './table/telemetry';
export * from './table/billing';
export * from './table/admin';
export * from './table/chat';
export * from './table/attempts';
export * from './table/files';
export * from './table/publishing';
export * from './table/site-settings';
export * from './table/custom-domains';
export * from './table/app-data';
export * from './table/functions';

export const ROUTES = {
  ...AUTH_ROUTES,
  ...PASSWORD_RESET_ROUTES,
  ...OIDC_ROUTES,
  ...ACCOUNT_ROUTES,
  ...ACCESS_TOKEN_ROUTES,
  ...GIT_REMOTES_ROUTES,
  ...USAGE_ROUTES,
  ...VISUAL_EDITS_ROUTES,
  ...PROJECTS_ROUTES,
  ...PROJECT_IMPORT_ROUTES,
  ...SHARING_ROUTES,
  ...TELEMETRY_ROUTES,
  ...BILLING_ROUTES,
  ...ADMIN_ROUTES,
  ...CHAT_ROUTES,
  ...ATTEMPTS_ROUTES,
  ...FILES_ROUTES,
  ...PUBLISHING_ROUTES,
  ...SITE_SETTINGS_ROUTES,
  ...CUSTOM_DOMAINS_ROUTES,
  ...APP_DATA_ROUTES,
  ...FUNCTIONS_ROUTES,
} as const satisfies Record<string, RouteAddress>;

export type RouteName = keyof typeof ROUTES;

/** The route of this name (any route of the table by default): its base, method and path as literal types. */
export type Route<K extends RouteName = RouteName> = (typeof ROUTES)[K];

/** A route's name, from its type: the one route of the table at exactly this address. */
export type NameOf<R extends Route> = { [K in RouteName]: [R] extends [Route<K>] ? ([Route<K>] extends [R] ? K : never) : never }[RouteName];

// Each route's type gives back its own name and no other (no two routes share an address): this
// fails to compile otherwise.
export type EveryRouteNamedOnce = Assert<Same<{ [K in RouteName]: NameOf<Route<K>> }, { [K in RouteName]: K }>>;

/** The `:name` parameters of a path, as a union of their names. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path parameters an endpoint needs, each a string. */
export type PathParams<K extends RouteName> = { [N in ParamNames<(typeof ROUTES)[K]['path']>]: string };
