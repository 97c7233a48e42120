'use client';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import { useAppServices } from './services';
import { toast } from '@/lib/browser/toast';
import { rememberAccount } from './known-account';
import { Identity, tokenTimes, type IdentitySession, type IdentityUser } from './identity';
import { syncServerSession } from './session-sync';

export type AuthStatus = 'uninitialised' | 'signed-in' | 'signed-out';
interface AuthState {
  status: AuthStatus;
  user: IdentityUser | null;
}

const issuedAt = (idToken: string) => tokenTimes(idToken).iat;

const AuthCtx = createContext<AuthState>({ status: 'uninitialised', user: null });

/**
 * Auth state starts uninitialised. Whenever the identity token changes, the server session follows:
 * the login endpoint when there is a user, the logout endpoint otherwise.
 */
/**
 * Says that the server's session disagrees with this tab (its session endpoint failed). It stays
 * until dismissed: pages rendered on the server are wrong until it is fixed, and a note gone after
 * four seconds leaves a person wondering why. One toast, whichever sync failed last.
 */
export function showSessionSyncError(message: string): void {
  toast.error(message, { id: 'session-sync-error', testId: 'session-sync-error', duration: Number.POSITIVE_INFINITY });
}

export function AuthProvider({
  children,
  serverUserId,
  serverTokenIssuedAt = null,
}: {
  children: ReactNode;
  serverUserId: string | null;
  /** iat of the ID token in the session cookie the page was rendered with. */
  serverTokenIssuedAt?: number | null;
}) {
  const { identity, config } = useAppServices();
  const router = useRouter();
  const [state, setState] = useState<AuthState>({ status: 'uninitialised', user: null });
  const lastToken = useRef<string | null | undefined>(undefined);
  const serverUser = useRef(serverUserId);
  const serverIssuedAt = useRef(serverTokenIssuedAt);

  useEffect(() => {
    const onChange = (session: IdentitySession | null) => {
      setState({ status: session ? 'signed-in' : 'signed-out', user: session?.user ?? null });
      // Someone who was signed in here has an account: a later signed-out prompt goes to sign-in.
      if (session) rememberAccount();
      const token = session?.idToken ?? null;
      if (token === lastToken.current) return;
      const first = lastToken.current === undefined;
      lastToken.current = token;
      const userId = session?.user.id ?? null;
      if (first) {
        // On page load the server may already agree; a nearly expired token is being refreshed and
        // the refresh will come through here again.
        if (session && Identity.expiresSoon(session)) return;
        // Same person, and the server holds this token or a newer one. A newer token here (a refresh
        // or a rename whose hand-over a reload cut short) goes to the server, so it renders the
        // person's current name and plan.
        if (userId === serverUser.current && !(session && issuedAt(session.idToken) > (serverIssuedAt.current ?? 0))) return;
      }
      const staleServer = !!session && issuedAt(session.idToken) > (serverIssuedAt.current ?? 0);
      syncServerSession(token ? config.loginEndpoint : config.logoutEndpoint, token)
        .then(() => {
          const changedUser = userId !== serverUser.current;
          serverUser.current = userId;
          serverIssuedAt.current = session ? issuedAt(session.idToken) : null;
          // Server-rendered parts were rendered for another user (or none), or from older claims: render them again.
          if (changedUser || (first && staleServer)) router.refresh();
        })
        .catch((err: Error) => {
          // Server rendering now disagrees with this tab about who is signed in: say so (core's texts).
          console.error(err.message);
          showSessionSyncError(err.message);
        });
    };
    const unsubscribe = identity.onIdTokenChanged(onChange);
    identity.start();
    return unsubscribe;
  }, [identity, config, router]);

  return <AuthCtx.Provider value={state}>{children}</AuthCtx.Provider>;
}

export const useAuth = () => useContext(AuthCtx);
