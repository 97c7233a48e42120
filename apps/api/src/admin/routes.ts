import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getUserByEmail, getUserById, setUserRoles, writeAudit } from '@sprout/db';
import { authOf } from '../plugins/authenticate';
import { notFound } from '../errors';
import { ENDPOINTS } from '@sprout/core/contract';
import { registerEndpoint } from '../plugins/endpoint';
import { toUserDto } from '../dto';
import type { Services } from '../services';

const staff = { config: { auth: 'staff' } } as const;

/** Staff: acting as a person (audited, short-lived) and a person's roles. */
export const adminRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  registerEndpoint(app, ENDPOINTS.impersonate, staff, async (req) => {
    const actor = authOf(req).user;
    const { userId, email } = req.body;
    const target = userId ? await getUserById(s.db, userId) : await getUserByEmail(s.db, email!);
    if (!target) throw notFound('User not found.');
    const ttl = s.config.impersonationTtlSeconds;
    const token = await s.tokens.issueImpersonationToken(target.id, actor.id, ttl);
    await writeAudit(s.db, { actorId: actor.id, action: 'impersonation.start', targetUserId: target.id, details: { ttlSeconds: ttl } });
    req.log.warn({ actorId: actor.id, userId: target.id, event: 'impersonation_started' }, `staff ${actor.id} started acting as ${target.id}`);
    return { token, expiresIn: ttl, user: toUserDto(target) };
  });

  registerEndpoint(app, ENDPOINTS.setUserRoles, staff, async (req) => {
    const target = await getUserById(s.db, req.params.id);
    if (!target) throw notFound('User not found.');
    const roles = [...new Set(req.body.roles)];
    await setUserRoles(s.db, target.id, roles);
    await writeAudit(s.db, { actorId: authOf(req).user.id, action: 'user.roles.set', targetUserId: target.id, details: { from: target.roles, to: roles } });
    return toUserDto((await getUserById(s.db, target.id))!);
  });
};
