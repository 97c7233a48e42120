'use client';
import { useEffect, type ReactNode } from 'react';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { Loader2 } from 'lucide-react';
import { useAuth, type AuthStatus } from '@/lib/api/auth';
import { hasAccountHere } from '@/lib/api/known-account';
import { signedOutHref } from './auth-handoff';

/**
 * What a page does in each auth state: render, show a loader, or send the person to sign in
 * ('login'), to sign up or in ('join': sign-up unless this browser has had an account) or away.
 */
type AuthBehaviour = 'render' | 'loader' | 'nothing' | 'login' | 'join' | 'app';
export type AuthPolicy = Record<AuthStatus, AuthBehaviour>;

export const SIGNED_IN_ONLY: AuthPolicy = { uninitialised: 'loader', 'signed-in': 'render', 'signed-out': 'login' };

export function PageLoader() {
  return (
    <div className="flex flex-1 items-center justify-center py-24" role="status" aria-live="polite">
      <Loader2 className="size-6 animate-spin text-muted-foreground" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}

export function AuthGate({ policy, children, appHref = '/build' }: { policy: AuthPolicy; children: ReactNode; appHref?: string }) {
  const { status } = useAuth();
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const behaviour = policy[status];

  useEffect(() => {
    if (behaviour === 'login' || behaviour === 'join') {
      const current = search.size ? `${pathname}?${search.toString()}` : pathname;
      router.replace(signedOutHref(behaviour, current, hasAccountHere()));
    } else if (behaviour === 'app') {
      router.replace(appHref);
    }
  }, [behaviour, pathname, search, router, appHref]);

  if (behaviour === 'render') return <>{children}</>;
  if (behaviour === 'loader' || behaviour === 'login' || behaviour === 'join' || behaviour === 'app') return <PageLoader />;
  return null;
}
