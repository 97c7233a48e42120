/**
 * Whether someone already has an account in this browser: the sign-in state records it, and a
 * signed-out prompt later goes to sign-in instead of sign-up.
 */

const ACCOUNT_KEY = 'sprout.hasAccount';

/** This browser has signed in (or registered) before. */
export function rememberAccount(): void {
  try {
    localStorage.setItem(ACCOUNT_KEY, '1');
  } catch {
    // Storage blocked: the next signed-out prompt goes to sign-up, one click from sign-in.
  }
}

export function hasAccountHere(): boolean {
  try {
    return localStorage.getItem(ACCOUNT_KEY) === '1';
  } catch {
    return false;
  }
}
