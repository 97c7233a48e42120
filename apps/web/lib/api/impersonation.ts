'use client';
import { useSyncExternalStore } from 'react';
import { ACTING_AS_COOKIE } from '@/lib/acting-as';
import { setImpersonationToken } from './client';

/** A staff member acting as someone (POST /v1/admin/impersonate), kept for this tab only. */
export interface Impersonation {
  token: string;
  /** Epoch ms when the token stops working. */
  expiresAt: number;
  user: { id: string; email: string; displayName: string };
}

const STORAGE_KEY = 'sprout.impersonation';
let current: Impersonation | null = null;
const listeners = new Set<() => void>();

function publish(next: Impersonation | null): void {
  current = next;
  setImpersonationToken(next?.token ?? null);
  document.cookie = next ? `${ACTING_AS_COOKIE}=1; path=/; samesite=lax` : `${ACTING_AS_COOKIE}=; path=/; samesite=lax; max-age=0`;
  for (const l of listeners) l();
}

function isImpersonation(x: unknown): x is Impersonation {
  const v = x as Impersonation | null;
  return !!v && typeof v.token === 'string' && typeof v.expiresAt === 'number' && typeof v.user?.id === 'string' && typeof v.user.email === 'string';
}

/** Picks up this tab's impersonation before anything renders (a reload keeps acting as the person). */
function restore(): void {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null');
    if (isImpersonation(saved) && saved.expiresAt > Date.now()) publish(saved);
    else if (saved !== null) stopImpersonation();
  } catch {
    // Storage blocked: nobody is impersonated.
  }
}
if (typeof window !== 'undefined') restore();

export function startImpersonation(next: Impersonation): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage blocked: it lasts until the page is left.
  }
  publish(next);
}

export function stopImpersonation(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was stored.
  }
  publish(null);
}

export function useImpersonation(): Impersonation | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => null,
  );
}
