import { Jwks, LoginBody, LogoutBody, PasswordResetAnswer, PasswordResetBody, PasswordResetConfirmBody, RefreshBody, RegisterBody, Session } from '../users';
import { endpoint } from '../endpoint';

/** Signing up, in and out, sessions, password resets and the keys ID tokens are signed with (all public). */
export const AUTH_ENDPOINTS = {
  register: endpoint('register', {
    tag: 'auth',
    body: RegisterBody,
    reply: { status: 201, schema: Session },
    errors: ['too_many_registrations', 'email_taken'],
  }),
  login: endpoint('login', { tag: 'auth', body: LoginBody, reply: { status: 200, schema: Session }, errors: ['too_many_attempts', 'invalid_credentials'] }),
  refresh: endpoint('refresh', { tag: 'auth', body: RefreshBody, reply: { status: 200, schema: Session }, errors: ['invalid_refresh_token'] }),
  // Unknown tokens are ignored: signing out twice is not an error.
  logout: endpoint('logout', { tag: 'auth', body: LogoutBody, reply: { status: 204, kind: 'empty' }, errors: [] }),
  // The same answer whether or not the address has an account, so it reveals none.
  requestPasswordReset: endpoint('requestPasswordReset', {
    tag: 'auth',
    body: PasswordResetBody,
    reply: { status: 202, schema: PasswordResetAnswer },
    errors: [],
  }),
  confirmPasswordReset: endpoint('confirmPasswordReset', {
    tag: 'auth',
    body: PasswordResetConfirmBody,
    reply: { status: 204, kind: 'empty' },
    errors: ['invalid_reset_token'],
  }),
  jwks: endpoint('jwks', { tag: 'auth', reply: { status: 200, schema: Jwks }, errors: [] }),
} as const;
