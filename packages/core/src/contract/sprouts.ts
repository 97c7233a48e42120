import { z } from 'zod';
import { FILE_LIMITS } from '../projects/project-paths';
import { DISPLAY_NAME_MAX } from '../projects/naming';
import { CONTROL_CHARS } from '../text/text';

export const Sprout = z
  .object({
    id: z.string(),
    displayName: z.string(),
    isDeploymentEnabled: z.boolean(),
    publicUrl: z.string().nullable(),
    isPinned: z.boolean(),
    published: z.boolean().describe('isDeploymentEnabled && publicUrl'),
    shareEnabled: z.boolean(),
    currentVersionId: z.string().nullable(),
    /** GET …/screenshots/{thumbnailId}: the newest version's picture, for the project list (given there only). */
    thumbnailId: z.string().nullable().optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Sprout' });
export type Sprout = z.infer<typeof Sprout>;

/** GET /v1/sprouts: the person's projects. */
export const SproutList = z.array(Sprout);

/** A project's name, as the list, the header and the API accept it. */
export const ProjectName = z
  .string()
  .trim()
  .min(1, { error: 'Name cannot be empty.' })
  .max(DISPLAY_NAME_MAX, { error: `Name must be at most ${DISPLAY_NAME_MAX} characters.` })
  .refine((v) => !CONTROL_CHARS.test(v), { error: 'Name cannot contain control characters.' });

export const FileInput = z.strictObject({
  name: z.string().min(1).max(FILE_LIMITS.maxPathLength),
  content: z.string().max(FILE_LIMITS.maxFileBytes),
});

export const CreateSproutBody = z.strictObject({
  displayName: ProjectName.optional(),
  files: z.array(FileInput).max(FILE_LIMITS.maxFiles).optional(),
});
export type CreateSproutBody = z.infer<typeof CreateSproutBody>;

// Clients PATCH the full project object plus changes (the product's calls, docs/architecture.md). The object's own fields are
// accepted and ignored; only the three editable ones change; anything else is a client bug.
export const PatchSproutBody = z.strictObject({
  displayName: ProjectName.optional(),
  isDeploymentEnabled: z.boolean().optional(),
  isPinned: z.boolean().optional(),
  id: z.string().optional(),
  publicUrl: z.string().nullable().optional(),
  published: z.boolean().optional(),
  shareEnabled: z.boolean().optional(),
  currentVersionId: z.string().nullable().optional(),
  thumbnailId: z.string().nullable().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  files: z.array(z.unknown()).optional(),
});
export type PatchSproutBody = z.infer<typeof PatchSproutBody>;

export const ShareBody = z.strictObject({ enabled: z.boolean() });

/** GET /v1/magic/:id — what a share link shows before a remix. */
export const SharedProject = z.object({ id: z.string(), displayName: z.string(), ownerDisplayName: z.string(), isOwner: z.boolean() });
export type SharedProject = z.infer<typeof SharedProject>;

/**
 * GET /v1/magic/:id/card — what a share link shows anyone, signed out too, to say what they would
 * remix: the name, and whether GET /v1/magic/:id/picture has the project's picture. Nothing more
 * (no owner, no files), since anyone holding the link may read it.
 */
export const SharedCard = z.object({ id: z.string(), displayName: z.string(), hasPicture: z.boolean() }).meta({ id: 'SharedCard' });
export type SharedCard = z.infer<typeof SharedCard>;
