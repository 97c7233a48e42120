import { idParams } from '../common';
import { AddCustomDomainBody, CustomDomain, CustomDomainList, CustomDomainParams, CustomDomainPatch, TlsAskAnswer, TlsAskQuery } from '../custom-domains';
import { endpoint } from '../endpoint';

const sproutParams = idParams('project');

/** A published app's own domains (docs/app-backend.md#custom-domains). */
export const CUSTOM_DOMAIN_ENDPOINTS = {
  listCustomDomains: endpoint('listCustomDomains', { tag: 'build', params: sproutParams, reply: { status: 200, schema: CustomDomainList }, errors: [] }),
  addCustomDomain: endpoint('addCustomDomain', {
    tag: 'build',
    params: sproutParams,
    body: AddCustomDomainBody,
    reply: { status: 200, schema: CustomDomain },
    errors: ['invalid_domain', 'domain_taken', 'custom_domain_limit_reached', 'not_published'],
  }),
  verifyCustomDomain: endpoint('verifyCustomDomain', {
    tag: 'build',
    params: CustomDomainParams,
    reply: { status: 200, schema: CustomDomain },
    errors: ['domain_taken'],
  }),
  updateCustomDomain: endpoint('updateCustomDomain', {
    tag: 'build',
    params: CustomDomainParams,
    body: CustomDomainPatch,
    reply: { status: 200, schema: CustomDomain },
    errors: ['domain_not_verified'],
  }),
  removeCustomDomain: endpoint('removeCustomDomain', { tag: 'build', params: CustomDomainParams, reply: { status: 204, kind: 'empty' }, errors: [] }),
  tlsAsk: endpoint('tlsAsk', {
    tag: 'hosting',
    description: "Caddy's on-demand TLS `ask` (docs/deploy.md): 200 for a verified domain of an app published now, else 404. No credentials, no writes.",
    query: TlsAskQuery,
    reply: { status: 200, schema: TlsAskAnswer },
    errors: [],
  }),
} as const;
