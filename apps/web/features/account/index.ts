// The public entry of account: the account — its address and verification, password, display name,
// sessions, deleting it. The routes and other features import it from here.
export { DeleteAccount } from './delete-account';
export { DisplayNameForm } from './display-name-form';
export { EmailSettings } from './email-settings';
export { PasswordForm } from './password-form';
export { SignOutEverywhere } from './sign-out-everywhere';
export { VerifyEmailBanner } from './verification/verify-email-banner';
export { VerifyEmailView } from './verification/verify-email-view';
