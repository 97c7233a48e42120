import { z } from 'zod';

/** The longest path, event name and property a visit may carry: anything longer is refused, not cut. */
export const MAX_VISIT_PATH = 512;
const MAX_PROPS = 10;
const MAX_PROP_VALUE = 200;

const Path = z.string().min(1).max(MAX_VISIT_PATH).startsWith('/');
const PropValue = z.union([z.string().max(MAX_PROP_VALUE), z.number().finite(), z.boolean()]);

/**
 * What a published app's page sends about a visit: a page view (from the script Sprout adds to the
 * page; `entry`: the first of a page load, with the browser's referrer) or one of the app's own
 * events (`track(name, props)` in its client).
 */
export const VisitInput = z.discriminatedUnion('type', [
  z.object({ type: z.literal('pageview'), path: Path, entry: z.boolean().default(false), referrer: z.string().max(2048).optional() }).strict(),
  z
    .object({
      type: z.literal('event'),
      path: Path,
      name: z
        .string()
        .min(1)
        .max(64)
        .regex(/^[\w .:/-]+$/, 'letters, digits, spaces and _ . : / - only'),
      props: z
        .record(z.string().min(1).max(40), PropValue)
        .refine((p) => Object.keys(p).length <= MAX_PROPS, `at most ${MAX_PROPS} properties`)
        .optional(),
    })
    .strict(),
]);
export type VisitInput = z.infer<typeof VisitInput>;

/**
 * Where an entry came from: another site's host name, or null (typed in, a bookmark, the app's own
 * pages, or a referrer that is not a web address). Only the host is kept: a referrer's path and
 * query may carry what identifies someone.
 */
export function referrerSource(referrer: string | undefined, ownHost: string): string | null {
  if (!referrer) return null;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  return host === '' || host === ownHost.toLowerCase() ? null : host.slice(0, 253);
}
