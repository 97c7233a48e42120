// The create flow itself: loaded when someone first sends a prompt (or once the page
// is idle), not with the page, so the home page's first load carries only the prompt box.
import type { Sprout, Usage } from '@sprout/core/contract';
import { createSprout as createSproutRoute } from '@sprout/core/routes';
import { toast } from '@/lib/browser/toast';
import { grantIntent } from '@/lib/browser/intent';
import {
  clampPrompt,
  couldNotCreateApp,
  createFailureMessage,
  encodeQueryValue,
  isBlankPrompt,
  loginRedirectFor,
  paywallForCreate,
  type Paywall,
} from '@sprout/core';
import { openPaywall } from '@/features/paywall';
import type { useAppServices } from '@/lib/api/services';
import { hasAccountHere } from '@/lib/api/known-account';
import { authPageFor } from '@/features/auth';
import { ApiError } from '@/lib/api/client';
import { errorText, paywallOf } from '@/lib/api/error-text';
import { track } from '@/features/telemetry';
import { usageCalls, usageQueryKey } from '@/features/usage';
import { putNewSproutInCaches } from '../queries';
import { getQueryClient } from '@/lib/api/query-client';

/** idle → sending → success (navigating away) | error (toast); a paywall returns to idle. */
export type CreateStatus = 'idle' | 'sending' | 'success' | 'error';
/** What "sending" is doing right now, for progress screens. */
export type CreatePhase = 'checking' | 'creating' | 'opening';

export type CreateOutcome =
  | { kind: 'created'; sprout: Sprout; href: string }
  | { kind: 'paywall'; paywall: Paywall }
  | { kind: 'login'; href: string }
  | { kind: 'error'; message: string }
  | { kind: 'busy' };

export interface CreateOptions {
  /** 'replace' keeps an interstitial page (such as /init-project) out of the history. */
  navigate?: 'push' | 'replace';
  /** Analytics context: where the prompt was sent from. */
  source?: string;
}

/** The project page, with the prompt as query parameter when there is one. */
export function projectHref(id: string, prompt: string): string {
  const base = `/build/${encodeURIComponent(id)}`;
  return isBlankPrompt(prompt) ? base : `${base}?prompt=${encodeQueryValue(prompt)}`;
}

/**
 * Signed out: sign up first (sign in, for someone who has an account in this browser), keeping the
 * prompt; either page continues to /init-project with it (core resolveSignInRedirect).
 */
export function signedOutHref(currentPathWithQuery: string, prompt: string, page: 'login' | 'register' = 'login'): string {
  const auth = `/${page}${loginRedirectFor(currentPathWithQuery).slice('/login'.length)}`;
  return isBlankPrompt(prompt) ? auth : `${auth}&prompt=${encodeQueryValue(prompt)}`;
}

/** The server's message when it sent one, else the generic text with the support address. */
export function createErrorMessage(err: unknown, supportEmail: string): string {
  return errorText(err, { status: 'none', otherwise: createFailureMessage(supportEmail) });
}

/** The paywall a 402 from POST /sprouts carries, if any. */
export function paywallFromError(err: unknown): Paywall | null {
  const named = err instanceof ApiError && err.code === 'project_limit_reached';
  return paywallOf<Paywall>(err, named ? { source: 'project_limit_reached', destination: 'upgradeProjects' } : null);
}

const ERROR_TOAST_ID = 'create-project-error';
const ERROR_TOAST_TESTID = 'create-error-toast';
let clickToDismissInstalled = false;

/** The create-failure toast is dismissed by a click anywhere on it. */
function installClickToDismiss(): void {
  if (clickToDismissInstalled || typeof document === 'undefined') return;
  clickToDismissInstalled = true;
  document.addEventListener('click', (e) => {
    const target = e.target instanceof Element ? e.target : null;
    if (target?.closest(`[data-testid="${ERROR_TOAST_TESTID}"]`)) toast.dismiss(ERROR_TOAST_ID);
  });
}

export function showCreateError(message: string): void {
  installClickToDismiss();
  toast.error(message, {
    id: ERROR_TOAST_ID,
    testId: ERROR_TOAST_TESTID,
    dismissible: true,
    closeButton: true,
    duration: 10_000,
    className: 'cursor-pointer',
  });
}

/** What the flow needs from the page: services, navigation, and where its state goes. */
export interface CreateContext {
  services: Pick<ReturnType<typeof useAppServices>, 'api' | 'identity' | 'config'>;
  go: (href: string) => void;
  setStatus: (status: CreateStatus) => void;
  setPhase: (phase: CreatePhase | null) => void;
  setError: (error: string | null) => void;
  setPaywall: (paywall: Paywall | null) => void;
}

/** Creates the project, then both project caches and (whatever happened) the usage, as the list expects. */
async function createSprout(ctx: CreateContext): Promise<Sprout> {
  const qc = getQueryClient();
  try {
    const sprout = await ctx.services.api.call(createSproutRoute, { body: {} });
    putNewSproutInCaches(qc, sprout);
    return sprout;
  } finally {
    // Usage is refreshed after create: the projects count moved.
    void qc.invalidateQueries({ queryKey: usageQueryKey });
  }
}

/** Check usage (paywall instead of creating), create, refresh usage, track, open the project. */
export async function runCreate(ctx: CreateContext, rawPrompt: string, options: CreateOptions): Promise<CreateOutcome> {
  const { api, identity, config } = ctx.services;
  const { go, setStatus, setPhase, setError, setPaywall } = ctx;
  // The page session's cache (the projects list, usage), whichever page this runs on.
  const qc = getQueryClient();
  const prompt = clampPrompt(rawPrompt);
  // At a plan limit the paywall opens instead, and the caller is free to try again.
  const stopAt = (wall: Paywall): CreateOutcome => {
    openPaywall(wall);
    setPaywall(wall);
    setStatus('idle');
    setPhase(null);
    return { kind: 'paywall', paywall: wall };
  };
  setError(null);
  setPaywall(null);

  // The auth state settles from the same storage on mount; read it directly so a very early
  // click is judged correctly too.
  if (!identity.currentSession) {
    const href = signedOutHref(`${window.location.pathname}${window.location.search}`, prompt, authPageFor(hasAccountHere()));
    // Started here: after signing up or in, /init-project creates it without asking again.
    if (!isBlankPrompt(prompt)) grantIntent({ kind: 'create', prompt });
    setStatus('success');
    setPhase('opening');
    go(href);
    return { kind: 'login', href };
  }

  setStatus('sending');
  setPhase('checking');
  try {
    let usage: Usage | null = null;
    try {
      usage = await usageCalls(api.call).usage();
      qc.setQueryData(usageQueryKey, usage);
    } catch (err) {
      // The server enforces the project limit itself (402 below); do not block on this read.
      console.warn('Could not read usage before creating a project', err);
    }
    const limit = usage ? paywallForCreate(usage) : null;
    if (limit) return stopAt(limit);

    setPhase('creating');
    const sprout = await createSprout(ctx);
    if (!isBlankPrompt(prompt)) track('Prompt Sent', { length: prompt.length, source: options.source ?? 'home', sproutId: sprout.id });
    // The 'Onboarding' event: the person's first project (the usage read just before counted none).
    if (usage?.projects.used === 0) track('Onboarding', { step: 'first_project', sproutId: sprout.id });
    const href = projectHref(sprout.id, prompt);
    // The project page sends the prompt without asking: this flow, not a link, put it in the address.
    if (!isBlankPrompt(prompt)) grantIntent({ kind: 'first-prompt', projectId: sprout.id, prompt });
    setStatus('success');
    setPhase('opening');
    go(href);
    return { kind: 'created', sprout, href };
  } catch (err) {
    const wall = paywallFromError(err);
    if (wall) return stopAt(wall);
    if (err instanceof ApiError) console.error(couldNotCreateApp(err.status, err.statusText, err.serverMessage));
    else console.error('Could not create app', err);
    const message = createErrorMessage(err, config.supportEmail);
    showCreateError(message);
    setError(message);
    setStatus('error');
    setPhase(null);
    return { kind: 'error', message };
  }
}
