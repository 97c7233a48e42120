import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DISPLAY_NAME_MAX, FILE_LIMITS, CONTROL_CHARS } from '@sprout/core';
import { authOf } from '../plugins/authenticate';
import { createSprout, deleteSprout, getSprout, listSprouts, patchSprout } from '../sprouts';
import { ErrorDto, SproutDto, toSproutDto } from '../dto';
import type { Services } from '../services';

const displayName = z
  .string()
  .trim()
  .min(1, { error: 'Name cannot be empty.' })
  .max(DISPLAY_NAME_MAX, { error: `Name must be at most ${DISPLAY_NAME_MAX} characters.` })
  .refine((v) => !CONTROL_CHARS.test(v), { error: 'Name cannot contain control characters.' });

const idParams = z.strictObject({ id: z.string().regex(/^[a-z0-9]{1,64}$/, { error: 'Invalid project id.' }) });

const FileInput = z.strictObject({
  name: z.string().min(1).max(FILE_LIMITS.maxPathLength),
  content: z.string().max(FILE_LIMITS.maxFileBytes),
});

const CreateBody = z.strictObject({
  displayName: displayName.optional(),
  files: z.array(FileInput).max(FILE_LIMITS.maxFiles).optional(),
});

// SPEC §7: clients PATCH the full project object plus changes. The object's own fields are
// accepted and ignored; only the three editable ones change; anything else is a client bug.
const PatchBody = z.strictObject({
  displayName: displayName.optional(),
  isDeploymentEnabled: z.boolean().optional(),
  isPinned: z.boolean().optional(),
  id: z.string().optional(),
  publicUrl: z.string().nullable().optional(),
  published: z.boolean().optional(),
  shareEnabled: z.boolean().optional(),
  currentVersionId: z.string().nullable().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  files: z.array(z.unknown()).optional(),
});

const errors = { 400: ErrorDto, 401: ErrorDto, 404: ErrorDto };

export const sproutRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  app.get(
    '/sprouts',
    { config: { auth: 'user' }, schema: { tags: ['sprouts'], response: { 200: z.array(SproutDto), 401: ErrorDto } } },
    async (req) => (await listSprouts(s, authOf(req).user.id)).map(toSproutDto),
  );

  app.post(
    '/sprouts',
    {
      config: { auth: 'user' },
      bodyLimit: FILE_LIMITS.maxTotalBytes + 2 * 1024 * 1024,
      schema: { tags: ['sprouts'], body: CreateBody.nullish(), response: { 201: SproutDto, 402: ErrorDto, ...errors } },
    },
    async (req, reply) => reply.status(201).send(toSproutDto(await createSprout(s, authOf(req).user.id, req.body ?? {}))),
  );

  app.get(
    '/sprouts/:id',
    { config: { auth: 'user' }, schema: { tags: ['sprouts'], params: idParams, response: { 200: SproutDto, ...errors } } },
    async (req) => toSproutDto(await getSprout(s, authOf(req).user.id, req.params.id)),
  );

  app.patch(
    '/sprouts/:id',
    {
      config: { auth: 'user' },
      schema: { tags: ['sprouts'], params: idParams, body: PatchBody.nullish(), response: { 200: SproutDto, 402: ErrorDto, 409: ErrorDto, ...errors } },
    },
    async (req) => {
      const { displayName, isDeploymentEnabled, isPinned } = req.body ?? {};
      return toSproutDto(await patchSprout(s, authOf(req).user.id, req.params.id, { displayName, isDeploymentEnabled, isPinned }));
    },
  );

  app.delete(
    '/sprouts/:id',
    { config: { auth: 'user' }, schema: { tags: ['sprouts'], params: idParams, response: { 204: z.undefined(), ...errors } } },
    async (req, reply) => {
      await deleteSprout(s, authOf(req).user.id, req.params.id);
      return reply.status(204).send();
    },
  );
};
