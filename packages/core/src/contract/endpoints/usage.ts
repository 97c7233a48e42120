import { Usage } from '../usage';
import { endpoint } from '../endpoint';

/** What the person's plan allows and what they used, on the usage host. */
export const USAGE_ENDPOINTS = {
  usage: endpoint('usage', { tag: 'usage', reply: { status: 200, schema: Usage }, errors: [] }),
} as const;
