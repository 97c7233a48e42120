'use client';
import type { ComponentType } from 'react';
import { AuthGate } from './auth-gate';
import type { AuthPolicy } from './auth-gate';
import { SIGNED_IN_SERVER_CHECKED } from './auth-policy';

/** `View` behind the sign-in of a page whose server component has already checked the session (SIGNED_IN_SERVER_CHECKED, or a policy like it). */
export function signedInOnly<P extends object>(View: ComponentType<P>, policy: AuthPolicy = SIGNED_IN_SERVER_CHECKED): ComponentType<P> {
  function SignedInOnly(props: P) {
    return (
      <AuthGate policy={policy}>
        <View {...props} />
      </AuthGate>
    );
  }
  return SignedInOnly;
}
