// The public entry of admin: the staff tools — people, flags, analytics, acting as someone. The
// routes and other features import it from here.
export { AdminNav } from './admin-nav';
export { AnalyticsView } from './analytics/analytics-view';
export { FlagsView } from './flags/flags-view';
export { ImpersonationBanner } from './impersonation/impersonation-banner';
export { PeopleView } from './people/people-view';
