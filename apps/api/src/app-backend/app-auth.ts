import type { FastifyReply } from 'fastify';
import { createAppUser, endAppUserSessions, findAppUserByEmail, getAppUser, hitRateLimit, normalizeEmail } from '@sprout/db';
import { AppError } from '../errors';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { Services } from '../services';
import { APP_SESSION_COOKIE, appClearCookie, appSetCookie } from './app-cookies';
import { APP_SESSION_TTL_SECONDS } from './app-tokens';
import type { AppContext } from './app-request';

// An app's own users: separate from Sprout accounts, per project and dataset, passwords hashed like
// Sprout's (scrypt), sign-in slowed per (app, email, client) and per client, never locked for the owner of the email.

const WINDOW_MS = 15 * 60_000;
const MAX_PER_ACCOUNT = 10;
const MAX_PER_CLIENT = 50;

export interface AppUserDto {
  id: string;
  email: string;
  createdAt: string;
}

const dto = (u: { id: string; email: string; createdAt: Date }): AppUserDto => ({ id: u.id, email: u.email, createdAt: u.createdAt.toISOString() });

async function startSession(s: Services, ctx: AppContext, reply: FastifyReply, userId: string): Promise<void> {
  const token = await s.appTokens.sign('user', userId, ctx.scope);
  reply.header('set-cookie', appSetCookie(ctx.kind, s.config.appProtocol, APP_SESSION_COOKIE, token, APP_SESSION_TTL_SECONDS));
}

async function slowGuessers(s: Services, ctx: AppContext, email: string, ip: string): Promise<void> {
  const app = `${ctx.scope.sproutId}:${ctx.scope.dataset}`;
  const [account, client] = await Promise.all([
    hitRateLimit(s.db, `app-login:${app}:${email}:${ip}`, WINDOW_MS),
    hitRateLimit(s.db, `app-login:${app}:ip:${ip}`, WINDOW_MS),
  ]);
  if (account.count > MAX_PER_ACCOUNT || client.count > MAX_PER_CLIENT) {
    throw new AppError(429, 'too_many_attempts', 'Too many sign-in attempts. Please try again in 15 minutes.', { retryAfterSeconds: WINDOW_MS / 1000 });
  }
}

export async function signUp(s: Services, ctx: AppContext, reply: FastifyReply, input: { email: string; password: string }, ip: string) {
  const email = normalizeEmail(input.email);
  await slowGuessers(s, ctx, email, ip);
  // Checked before the (slow) hash: a taken email answers fast and costs nothing.
  if (await findAppUserByEmail(s.db, ctx.scope, email)) throw new AppError(409, 'email_taken', 'An account with this email already exists. Sign in instead.');
  const passwordHash = await hashPassword(input.password, s.config.passwordHashCost);
  const created = await createAppUser(s.db, ctx.scope, { email, passwordHash, maxUsers: ctx.limits.appUsers });
  if (!created.ok) {
    if (created.reason === 'email_taken') throw new AppError(409, 'email_taken', 'An account with this email already exists. Sign in instead.');
    throw new AppError(403, 'quota_exceeded', 'This app cannot take new accounts right now.');
  }
  await startSession(s, ctx, reply, created.user.id);
  return { user: dto(created.user) };
}

export async function signIn(s: Services, ctx: AppContext, reply: FastifyReply, input: { email: string; password: string }, ip: string) {
  const email = normalizeEmail(input.email);
  await slowGuessers(s, ctx, email, ip);
  const user = await findAppUserByEmail(s.db, ctx.scope, email);
  const ok = user ? await verifyPassword(input.password, user.passwordHash) : await s.dummyPassword.verify(input.password);
  if (!user || !ok) throw new AppError(401, 'invalid_credentials', 'That email and password do not match an account of this app.');
  await startSession(s, ctx, reply, user.id);
  return { user: dto(user) };
}

export async function signOut(s: Services, ctx: AppContext, reply: FastifyReply): Promise<void> {
  if (ctx.actor.userId) await endAppUserSessions(s.db, ctx.scope, ctx.actor.userId);
  reply.header('set-cookie', appClearCookie(ctx.kind, s.config.appProtocol, APP_SESSION_COOKIE));
}

export async function me(s: Services, ctx: AppContext): Promise<{ user: AppUserDto | null }> {
  if (!ctx.actor.userId) return { user: null };
  const user = await getAppUser(s.db, ctx.scope, ctx.actor.userId);
  return { user: user ? dto(user) : null };
}
