// The signed-in person: the profile, the address and its verification, the password, their flags.

export const me = { base: 'api', method: 'GET', path: '/me' } as const;
export const updateMe = { base: 'api', method: 'PATCH', path: '/me' } as const;
export const deleteMe = { base: 'api', method: 'DELETE', path: '/me' } as const;
export const account = { base: 'api', method: 'GET', path: '/me/account' } as const;
export const sendEmailVerification = { base: 'api', method: 'POST', path: '/me/email-verification' } as const;
export const confirmEmailVerification = { base: 'api', method: 'POST', path: '/auth/email-verification/confirm' } as const;
export const changePassword = { base: 'api', method: 'POST', path: '/me/password' } as const;
export const requestEmailChange = { base: 'api', method: 'POST', path: '/me/email-change' } as const;
export const cancelEmailChange = { base: 'api', method: 'DELETE', path: '/me/email-change' } as const;
export const signOutEverywhere = { base: 'api', method: 'POST', path: '/me/sign-out-everywhere' } as const;
export const flags = { base: 'api', method: 'GET', path: '/flags' } as const;

export const ACCOUNT_ROUTES = {
  me,
  updateMe,
  deleteMe,
  account,
  sendEmailVerification,
  confirmEmailVerification,
  changePassword,
  requestEmailChange,
  cancelEmailChange,
  signOutEverywhere,
  flags,
};
