import { z } from 'zod';

// Field kinds the API's configuration modules share (config.ts and each feature's config.ts).

/** A string, trimmed; empty means not set. */
export const optionalString = z
  .string()
  .trim()
  .transform((s) => (s === '' ? undefined : s))
  .optional();

/** An http or https URL, trimmed. */
export const httpUrl = z
  .string()
  .trim()
  .pipe(z.url({ protocol: /^https?$/ }));

/** A URL of one of `protocol` (http or https unless said), trimmed; empty means not set. */
export const optionalUrl = (protocol = /^https?$/) => z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().pipe(z.url({ protocol })).optional());

/** A comma-separated list, each entry trimmed, empty entries dropped; unset is an empty list. */
export const commaList = z
  .string()
  .optional()
  .transform((s) =>
    (s ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  );
