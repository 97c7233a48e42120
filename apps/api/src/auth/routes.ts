import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { register, login } from './accounts';
import { endSession, refreshSession } from './sessions';
import { confirmPasswordReset, requestPasswordReset } from './password-reset';

import type { Services } from '../services';
import {
  ErrorBody,
  Jwks,
  LoginBody,
  LogoutBody,
  NoContent,
  PasswordResetAnswer,
  PasswordResetBody,
  PasswordResetConfirmBody,
  RefreshBody,
  RegisterBody,
  Session,
} from '@sprout/core/contract';

const pub = { auth: 'public' } as const;

export const authRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  app.post(
    '/auth/register',
    {
      config: pub,
      schema: {
        tags: ['auth'],
        body: RegisterBody,
        response: { 201: Session, 409: ErrorBody },
      },
    },
    async (req, reply) => reply.status(201).send(await register(s, req.body, req.ip)),
  );

  app.post(
    '/auth/login',
    {
      config: pub,
      schema: {
        tags: ['auth'],
        body: LoginBody,
        response: { 200: Session, 401: ErrorBody, 429: ErrorBody },
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
        body: RefreshBody,
        response: { 200: Session, 401: ErrorBody },
      },
    },
    async (req) => refreshSession(s, req.body.refreshToken, req.body.nextRefreshToken),
  );

  app.post(
    '/auth/logout',
    {
      config: pub,
      schema: { tags: ['auth'], body: LogoutBody, response: { 204: NoContent } },
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
        body: PasswordResetBody,
        response: { 202: PasswordResetAnswer },
      },
    },
    async (req, reply) => {
      await requestPasswordReset(s, req.body.email);
      return reply.status(202).send({ message: 'If an account exists for this email, we have sent a link to reset its password.' });
    },
  );

  app.post(
    '/auth/password-reset/confirm',
    {
      config: pub,
      schema: {
        tags: ['auth'],
        body: PasswordResetConfirmBody,
        response: { 204: NoContent, 400: ErrorBody },
      },
    },
    async (req, reply) => {
      await confirmPasswordReset(s, req.body.token, req.body.password);
      return reply.status(204).send();
    },
  );

  app.get('/auth/jwks.json', { config: pub, schema: { tags: ['auth'], response: { 200: Jwks } } }, async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(s.keys.jwks()),
  );
};
