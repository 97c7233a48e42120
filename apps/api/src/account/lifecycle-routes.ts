import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountDeleted,
  AccountStatus,
  ChangeEmailBody,
  ChangePasswordBody,
  DeleteAccountBody,
  EmailSent,
  ErrorBody,
  NoContent,
  Session,
  VerifiedEmail,
  VerifyEmailBody,
} from '@sprout/core/contract';
import { authOf } from '../plugins/authenticate';
import type { Services } from '../services';
import { accountStatus, cancelEmailChange, changePassword, requestEmailChange, sendVerification, signOutEverywhere } from './credentials';
import { confirmEmailLink } from './email-verification';
import { deleteAccount } from './delete-account';
import { ownAccount } from './password-check';

const tags = ['account'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody, 429: ErrorBody };

/**
 * The account's life (under /v1 and /v1/preview): the address and its verification, the password,
 * every session, and deleting the account. Changes to how the person signs in need their own
 * token (`ownAccount`: never staff acting for them) and, where they matter, the current password.
 */
export const accountLifecycleRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  app.get('/me/account', { config: { auth: 'user' }, schema: { tags, response: { 200: AccountStatus, ...errors } } }, async (req) =>
    accountStatus(s, authOf(req).user),
  );

  app.post('/me/email-verification', { config: { auth: 'user' }, schema: { tags, response: { 202: EmailSent, ...errors } } }, async (req, reply) =>
    reply.status(202).send(await sendVerification(s, authOf(req).user)),
  );

  app.post(
    '/auth/email-verification/confirm',
    { config: { auth: 'public' }, schema: { tags, body: VerifyEmailBody, response: { 200: VerifiedEmail, ...errors } } },
    async (req) => confirmEmailLink(s, req.body.token, req.ip),
  );

  app.post('/me/password', { config: { auth: 'user' }, schema: { tags, body: ChangePasswordBody, response: { 200: Session, ...errors } } }, async (req) =>
    changePassword(s, ownAccount(req), req.body),
  );

  app.post(
    '/me/email-change',
    { config: { auth: 'user' }, schema: { tags, body: ChangeEmailBody, response: { 202: EmailSent, ...errors } } },
    async (req, reply) => reply.status(202).send(await requestEmailChange(s, ownAccount(req), req.body)),
  );

  app.delete('/me/email-change', { config: { auth: 'user' }, schema: { tags, response: { 204: NoContent, ...errors } } }, async (req, reply) => {
    await cancelEmailChange(s, ownAccount(req));
    return reply.status(204).send();
  });

  app.post('/me/sign-out-everywhere', { config: { auth: 'user' }, schema: { tags, response: { 204: NoContent, ...errors } } }, async (req, reply) => {
    await signOutEverywhere(s, ownAccount(req));
    return reply.status(204).send();
  });

  app.delete(
    '/me',
    { config: { auth: 'user' }, schema: { tags, body: DeleteAccountBody, response: { 200: AccountDeleted, ...errors, 502: ErrorBody, 503: ErrorBody } } },
    async (req) => deleteAccount(s, ownAccount(req), req.body.password),
  );
};
