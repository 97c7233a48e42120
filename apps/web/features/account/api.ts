import {
  account,
  cancelEmailChange,
  changePassword,
  confirmEmailVerification,
  deleteMe,
  requestEmailChange,
  sendEmailVerification,
  signOutEverywhere,
  updateMe,
} from '@sprout/core/routes';
import type { ApiCall } from '@/lib/api/client';

/** The account's calls (`{api}/v1/me…`), one plain function each, typed by its route (the profile itself: lib/api/profile). */
export function accountCalls(call: ApiCall) {
  return {
    setDisplayName: (displayName: string) => call(updateMe, { body: { displayName } }),
    /** The address, whether it is verified, and an address the account is moving to. */
    status: () => call(account),
    /** A new verification link to the account's address (the earlier one stops working). */
    sendVerification: () => call(sendEmailVerification),
    /** A mailed link's token: verifies the address, or moves the account to the new one (signed in or not). */
    confirmEmail: (token: string) => call(confirmEmailVerification, { body: { token } }),
    changeEmail: (newEmail: string, currentPassword: string) => call(requestEmailChange, { body: { newEmail, currentPassword } }),
    cancelEmailChange: () => call(cancelEmailChange),
    /** Answers with a new session for this device; every other one ends. */
    changePassword: (currentPassword: string, newPassword: string) => call(changePassword, { body: { currentPassword, newPassword } }),
    signOutEverywhere: () => call(signOutEverywhere),
    deleteAccount: (password: string) => call(deleteMe, { body: { password } }),
  };
}
