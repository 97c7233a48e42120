'use client';
import type { ComponentType } from 'react';
import { AuthGate } from './auth-gate';
import { SIGNED_IN_SERVER_CHECKED } from './auth-policy';

/** `View` behind the sign-in of a page whose server component has already checked the session (SIGNED_IN_SERVER_CHECKED). */
export function signedInOnly<P extends object>(View: ComponentType<P>): ComponentType<P> {
  function SignedInOnly(props: P) {
    return (
      <AuthGate policy={SIGNED_IN_SERVER_CHECKED}>
        <View {...props} />
      </AuthGate>
    );
  }
  return SignedInOnly;
}
