// The public entry of analytics: the Analytics panel, where an owner sees who visits their
// published app: visitors, page views, pages, referrers, devices and the app's own events.
export { AnalyticsPanel } from './analytics-panel';
