// The preview, publishing and the export.

export const previewSession = { base: 'build', method: 'POST', path: '/sprouts/:id/preview-session' } as const;
export const buildStatus = { base: 'build', method: 'GET', path: '/sprouts/:id/build' } as const;
export const publishAddress = { base: 'build', method: 'GET', path: '/sprouts/:id/address' } as const;
/** The security check of the current version, as publishing will run it. */
export const publishCheck = { base: 'build', method: 'GET', path: '/sprouts/:id/publish-check' } as const;
/** "Fix it": a free run aimed at the security check's critical findings. */
export const fixPublishFindings = { base: 'build', method: 'POST', path: '/sprouts/:id/publish-check/fix' } as const;
export const publish = { base: 'build', method: 'POST', path: '/sprouts/:id/publish' } as const;
export const unpublish = { base: 'build', method: 'DELETE', path: '/sprouts/:id/publish' } as const;
export const exportSprout = { base: 'build', method: 'GET', path: '/sprouts/:id/export' } as const;
/** The published app's visits: page views, visitors, pages, referrers, devices and its own events. */
export const siteAnalytics = { base: 'build', method: 'GET', path: '/sprouts/:id/analytics' } as const;

export const PUBLISHING_ROUTES = {
  previewSession,
  buildStatus,
  publishAddress,
  publishCheck,
  fixPublishFindings,
  publish,
  unpublish,
  exportSprout,
  siteAnalytics,
};
