import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getUserByEmail, getUserById, setUserRoles, writeAudit } from '@sprout/db';
import { authOf } from '../plugins/authenticate';
import { notFound } from '../errors';
import { ErrorDto, toUserDto, UserDto } from '../dto';
import type { Services } from '../services';

const ImpersonateBody = z
  .strictObject({ userId: z.string().min(1).max(64).optional(), email: z.email().max(254).optional() })
  .refine((b) => (b.userId === undefined) !== (b.email === undefined), { error: 'Give either userId or email.' });

export const adminRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  app.post(
    '/admin/impersonate',
    {
      config: { auth: 'staff' },
      schema: {
        tags: ['admin'],
        body: ImpersonateBody,
        response: {
          200: z.object({ token: z.string(), expiresIn: z.number().int(), user: UserDto }),
          400: ErrorDto,
          401: ErrorDto,
          403: ErrorDto,
          404: ErrorDto,
        },
      },
    },
    async (req) => {
      const actor = authOf(req).user;
      const { userId, email } = req.body;
      const target = userId ? await getUserById(s.db, userId) : await getUserByEmail(s.db, email!);
      if (!target) throw notFound('User not found.');
      const ttl = s.config.impersonationTtlSeconds;
      const token = await s.tokens.issueImpersonationToken(target.id, actor.id, ttl);
      await writeAudit(s.db, { actorId: actor.id, action: 'impersonation.start', targetUserId: target.id, details: { ttlSeconds: ttl } });
      req.log.warn({ actorId: actor.id, userId: target.id, event: 'impersonation_started' }, `staff ${actor.id} started acting as ${target.id}`);
      return { token, expiresIn: ttl, user: toUserDto(target) };
    },
  );

  app.put(
    '/admin/users/:id/roles',
    {
      config: { auth: 'staff' },
      schema: {
        tags: ['admin'],
        params: z.strictObject({ id: z.string().min(1).max(64) }),
        body: z.strictObject({ roles: z.array(z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, { error: 'Roles are lower-case words with underscores.' })).max(20) }),
        response: { 200: UserDto, 400: ErrorDto, 401: ErrorDto, 403: ErrorDto, 404: ErrorDto },
      },
    },
    async (req) => {
      const target = await getUserById(s.db, req.params.id);
      if (!target) throw notFound('User not found.');
      const roles = [...new Set(req.body.roles)];
      await setUserRoles(s.db, target.id, roles);
      await writeAudit(s.db, { actorId: authOf(req).user.id, action: 'user.roles.set', targetUserId: target.id, details: { from: target.roles, to: roles } });
      return toUserDto((await getUserById(s.db, target.id))!);
    },
  );
};
