import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENDPOINTS } from '@sprout/core/contract';
import { authOf } from '../plugins/authenticate';
import { registerEndpoint } from '../plugins/endpoint';
import type { Services } from '../services';
import { accountStatus, cancelEmailChange, changePassword, requestEmailChange, sendVerification, signOutEverywhere } from './credentials';
import { confirmEmailLink } from './email-verification';
import { deleteAccount } from './delete-account';
import { ownAccount } from './password-check';

const signedIn = { config: { auth: 'user' } } as const;

/**
 * The account's life (under /v1 and /v1/preview): the address and its verification, the password,
 * every session, and deleting the account. Changes to how the person signs in need their own
 * token (`ownAccount`: never staff acting for them) and, where they matter, the current password.
 */
export const accountLifecycleRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  registerEndpoint(app, ENDPOINTS.account, signedIn, async (req) => accountStatus(s, authOf(req).user));

  registerEndpoint(app, ENDPOINTS.sendEmailVerification, signedIn, async (req) => sendVerification(s, authOf(req).user));

  // Public: the mailed link is the proof, whoever opens it.
  registerEndpoint(app, ENDPOINTS.confirmEmailVerification, { config: { auth: 'public' } }, async (req) => confirmEmailLink(s, req.body.token, req.ip));

  registerEndpoint(app, ENDPOINTS.changePassword, signedIn, async (req) => changePassword(s, ownAccount(req), req.body));

  registerEndpoint(app, ENDPOINTS.requestEmailChange, signedIn, async (req) => requestEmailChange(s, ownAccount(req), req.body));

  registerEndpoint(app, ENDPOINTS.cancelEmailChange, signedIn, async (req) => {
    await cancelEmailChange(s, ownAccount(req));
  });

  registerEndpoint(app, ENDPOINTS.signOutEverywhere, signedIn, async (req) => {
    await signOutEverywhere(s, ownAccount(req));
  });

  registerEndpoint(app, ENDPOINTS.deleteMe, signedIn, async (req) => deleteAccount(s, ownAccount(req), req.body.password));
};
