import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { register, login } from '../auth/accounts';
import { endSession, refreshSession } from '../auth/sessions';
import { confirmPasswordReset, requestPasswordReset } from '../auth/password-reset';
import { ErrorDto, UserDto } from '../dto';
import type { Services } from '../services';

const email = z.string().trim().max(254).pipe(z.email({ error: 'Enter a valid email address.' }));
const password = z
  .string()
  .min(10, { error: 'Password must be at least 10 characters.' })
  .max(256, { error: 'Password must be at most 256 characters.' });
const displayName = z
  .string()
  .trim()
  .min(1, { error: 'Enter your name.' })
  .max(100, { error: 'Name must be at most 100 characters.' });

const SessionDto = z
  .object({
    tokenType: z.literal('Bearer'),
    idToken: z.string(),
    expiresIn: z.number().int().describe('seconds until idToken expires'),
    refreshToken: z.string(),
    user: UserDto,
  })
  .meta({ id: 'Session' });

const pub = { auth: 'public' } as const;

export const authRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  app.post(
    '/auth/register',
    {
      config: pub,
      schema: {
        tags: ['auth'],
        body: z.strictObject({ email, password, displayName }),
        response: { 201: SessionDto, 409: ErrorDto },
      },
    },
    async (req, reply) => reply.status(201).send(await register(s, req.body)),
  );

  app.post(
    '/auth/login',
    {
      config: pub,
      schema: {
        tags: ['auth'],
        body: z.strictObject({ email: z.string().max(254), password: z.string().max(256) }),
        response: { 200: SessionDto, 401: ErrorDto, 429: ErrorDto },
      },
    },
    async (req) => login(s, req.body, req.ip),
  );

  app.post(
    '/auth/refresh',
    {
      config: pub,
      schema: {
        tags: ['auth'],
        body: z.strictObject({
          refreshToken: z.string().min(1).max(200),
          // The client may propose the next refresh token (43+ random base64url characters) and keep
          // it before sending: if the answer is lost (a navigation), it still holds a valid token.
          nextRefreshToken: z.string().regex(/^[A-Za-z0-9_-]{43,128}$/, 'Must be 43 to 128 base64url characters.').optional(),
        }),
        response: { 200: SessionDto, 401: ErrorDto },
      },
    },
    async (req) => refreshSession(s, req.body.refreshToken, req.body.nextRefreshToken),
  );

  app.post(
    '/auth/logout',
    {
      config: pub,
      schema: { tags: ['auth'], body: z.strictObject({ refreshToken: z.string().min(1).max(200) }), response: { 204: z.undefined() } },
    },
    async (req, reply) => {
      await endSession(s, req.body.refreshToken);
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/password-reset',
    {
      config: pub,
      schema: {
        tags: ['auth'],
        body: z.strictObject({ email }),
        response: { 202: z.object({ message: z.string() }) },
      },
    },
    async (req, reply) => {
      await requestPasswordReset(s, req.body.email);
      return reply
        .status(202)
        .send({ message: 'If an account exists for this email, we have sent a link to reset its password.' });
    },
  );

  app.post(
    '/auth/password-reset/confirm',
    {
      config: pub,
      schema: {
        tags: ['auth'],
        body: z.strictObject({ token: z.string().min(1).max(200), password }),
        response: { 204: z.undefined(), 400: ErrorDto },
      },
    },
    async (req, reply) => {
      await confirmPasswordReset(s, req.body.token, req.body.password);
      return reply.status(204).send();
    },
  );

  app.get(
    '/auth/jwks.json',
    { config: pub, schema: { tags: ['auth'], response: { 200: z.object({ keys: z.array(z.looseObject({})) }) } } },
    async (_req, reply) => reply.header('cache-control', 'public, max-age=300').send(s.keys.jwks()),
  );
};
