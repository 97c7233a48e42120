import { AccountDeleted, AccountStatus, ChangeEmailBody, ChangePasswordBody, DeleteAccountBody, EmailSent, VerifiedEmail, VerifyEmailBody } from '../account';
import { FlagsAnswer } from '../events';
import { PatchMeBody, Session, User, VisitBody } from '../users';
import { endpoint } from '../endpoint';

// Changes to how the person signs in need their own token (staff acting for them get `forbidden`, a
// signed-in error) and, where it matters, the current password, whose wrong guesses are counted.
const passwordChecked = ['wrong_password', 'too_many_attempts'] as const;

/** The signed-in person: profile, flags, visits, and the account's life (address, password, sessions, deletion). */
export const ACCOUNT_ENDPOINTS = {
  me: endpoint('me', { tag: 'account', reply: { status: 200, schema: User }, errors: [] }),
  updateMe: endpoint('updateMe', { tag: 'account', body: PatchMeBody, reply: { status: 200, schema: User }, errors: [] }),
  deleteMe: endpoint('deleteMe', {
    tag: 'account',
    body: DeleteAccountBody,
    reply: { status: 200, schema: AccountDeleted },
    // billing_unavailable: the subscription could not be cancelled, so nothing was deleted.
    errors: [...passwordChecked, 'billing_unavailable'],
  }),
  account: endpoint('account', { tag: 'account', reply: { status: 200, schema: AccountStatus }, errors: [] }),
  sendEmailVerification: endpoint('sendEmailVerification', {
    tag: 'account',
    reply: { status: 202, schema: EmailSent },
    errors: ['already_verified', 'too_many_emails'],
  }),
  // Public: the mailed link is the proof, whoever opens it.
  confirmEmailVerification: endpoint('confirmEmailVerification', {
    tag: 'account',
    body: VerifyEmailBody,
    reply: { status: 200, schema: VerifiedEmail },
    errors: ['too_many_attempts', 'invalid_verification_token', 'email_taken'],
  }),
  changePassword: endpoint('changePassword', {
    tag: 'account',
    body: ChangePasswordBody,
    reply: { status: 200, schema: Session },
    errors: [...passwordChecked, 'same_password'],
  }),
  requestEmailChange: endpoint('requestEmailChange', {
    tag: 'account',
    body: ChangeEmailBody,
    reply: { status: 202, schema: EmailSent },
    errors: [...passwordChecked, 'same_email', 'email_taken', 'too_many_emails'],
  }),
  cancelEmailChange: endpoint('cancelEmailChange', { tag: 'account', reply: { status: 204, kind: 'empty' }, errors: [] }),
  signOutEverywhere: endpoint('signOutEverywhere', { tag: 'account', reply: { status: 204, kind: 'empty' }, errors: [] }),
  recordVisit: endpoint('recordVisit', { tag: 'account', body: VisitBody, reply: { status: 204, kind: 'empty' }, errors: [] }),
  flags: endpoint('flags', { tag: 'account', reply: { status: 200, schema: FlagsAnswer }, errors: [] }),
} as const;
