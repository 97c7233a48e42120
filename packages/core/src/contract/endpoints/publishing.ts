import { BuildStatus } from '../checks';
import { idParams } from '../common';
import { BuildStatusQuery, PreviewSession, PreviewSessionBody, PublishAddress, PublishAddressQuery, PublishBody } from '../hosting';
import { PublishCheck, SecurityFixStarted } from '../publish-gate';
import { SiteAnalytics, SiteAnalyticsQuery } from '../site-analytics';
import { Sprout } from '../sprouts';
import { endpoint } from '../endpoint';

const sproutParams = idParams('project');

/** A project's preview session and build, its public address, publishing and export. */
export const PUBLISHING_ENDPOINTS = {
  previewSession: endpoint('previewSession', {
    tag: 'build',
    params: sproutParams,
    // No body: the current version, at the app's start page.
    body: PreviewSessionBody.nullish(),
    reply: { status: 200, schema: PreviewSession },
    errors: ['version_not_found'],
  }),
  buildStatus: endpoint('buildStatus', {
    tag: 'build',
    params: sproutParams,
    query: BuildStatusQuery,
    reply: { status: 200, schema: BuildStatus },
    errors: ['version_not_found'],
  }),
  publishAddress: endpoint('publishAddress', {
    tag: 'build',
    params: sproutParams,
    // An address that cannot be used is an answer (available: false, and why), not an error.
    query: PublishAddressQuery,
    reply: { status: 200, schema: PublishAddress },
    errors: ['slug_unavailable'],
  }),
  publishCheck: endpoint('publishCheck', {
    tag: 'build',
    params: sproutParams,
    reply: { status: 200, schema: PublishCheck },
    errors: ['no_version'],
  }),
  fixPublishFindings: endpoint('fixPublishFindings', {
    tag: 'build',
    params: sproutParams,
    reply: { status: 200, schema: SecurityFixStarted },
    errors: ['no_version', 'nothing_to_fix', 'run_active', 'security_fix_limit_reached'],
  }),
  publish: endpoint('publish', {
    tag: 'build',
    params: sproutParams,
    // No body: the kept address (or a new one from the name), the live data as it is.
    body: PublishBody.nullish(),
    reply: { status: 200, schema: Sprout },
    errors: [
      'no_version',
      'invalid_address',
      'address_taken',
      'deployment_limit_reached',
      'build_failed',
      'publish_blocked',
      'slug_unavailable',
      'publish_unavailable',
    ],
  }),
  unpublish: endpoint('unpublish', { tag: 'build', params: sproutParams, reply: { status: 200, schema: Sprout }, errors: [] }),
  exportSprout: endpoint('exportSprout', {
    tag: 'build',
    description: 'application/zip: the project as a standalone Vite project',
    params: sproutParams,
    reply: { status: 200, kind: 'file', types: ['application/zip'] },
    errors: ['no_version', 'invalid_file_path'],
  }),
  siteAnalytics: endpoint('siteAnalytics', {
    tag: 'build',
    params: sproutParams,
    query: SiteAnalyticsQuery,
    reply: { status: 200, schema: SiteAnalytics },
    errors: [],
  }),
} as const;
