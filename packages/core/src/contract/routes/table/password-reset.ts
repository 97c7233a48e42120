// The password reset, asked for and confirmed signed out (two pages use it).

export const requestPasswordReset = { base: 'api', method: 'POST', path: '/auth/password-reset' } as const;
export const confirmPasswordReset = { base: 'api', method: 'POST', path: '/auth/password-reset/confirm' } as const;

export const PASSWORD_RESET_ROUTES = { requestPasswordReset, confirmPasswordReset };
