import { z } from 'zod';
import { resourceId } from './common';

export const PreviewSessionBody = z.strictObject({
  versionId: resourceId('version').optional(),
  path: z
    .string()
    .max(2000)
    .regex(/^\/(?!\/)[^\\\s]*$/, { error: 'Path must start with a single / and contain no spaces or backslashes.' })
    .optional(),
});
export type PreviewSessionBody = z.infer<typeof PreviewSessionBody>;

export const PreviewSession = z
  .object({
    url: z.string().describe('Load this in the preview iframe within 2 minutes; the preview origin then keeps its own 12-hour session.'),
    origin: z.string().describe('The preview origin: accept postMessage events only from it.'),
    expiresAt: z.string(),
  })
  .meta({ id: 'PreviewSession' });
export type PreviewSession = z.infer<typeof PreviewSession>;

export const BuildStatusQuery = z.strictObject({ versionId: resourceId('version').optional() });

/** POST /build/v1/sprouts/:id/publish — `copyTestData` replaces the live app's data with a copy of the preview's test data. */
export const PublishBody = z.strictObject({ copyTestData: z.boolean().optional() });
export type PublishBody = z.infer<typeof PublishBody>;
