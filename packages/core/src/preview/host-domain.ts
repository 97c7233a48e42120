import { z } from 'zod';

/**
 * A host the API serves projects under, as an operator writes it in the configuration
 * (`PREVIEW_DOMAIN=preview.localhost:3001`, `SITES_DOMAIN`): lower-case labels and an optional port,
 * no scheme and no path. The API and the web app (whose Content-Security-Policy frames previews from
 * it) read it with this one rule, so they never disagree on what is valid.
 */
export const HostDomain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?::\d{1,5})?$/, {
    error: 'Expected a domain with an optional port, like preview.localhost:3001 (no scheme, no path).',
  });
