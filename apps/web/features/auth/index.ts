// The public entry of auth: signing in and up, password resets, and the sign-in gate pages declare.
// The routes and other features import it from here.
export { AuthCard } from './auth-card';
export { AuthGate, PageLoader, SIGNED_IN_ONLY } from './auth-gate';
export { authPageFor } from './auth-handoff';
export { SHARE_LINK_SERVER_CHECKED, SIGNED_IN_SERVER_CHECKED } from './auth-policy';
export { ideaOf, IdeaSaved } from './idea-saved';
export { RequestResetForm, SetNewPasswordForm } from './password-reset-forms';
export { SignInForm, SwitchModeLink } from './sign-in-form';
export { ProviderButtons } from './provider-buttons';
export { CompleteSignIn } from './complete-sign-in';
export { signedInOnly } from './signed-in-only';
