'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { Check, CircleAlert, Copy, FolderOpen, LoaderCircle, Sparkles } from 'lucide-react';
import { toast } from '@/lib/client/toast';
import { clampPrompt, isBlankPrompt, upgradePath, type Paywall } from '@sprout/core';
import { useCreateProject, type CreatePhase } from '@/lib/client/create-project';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { Logo } from '@/components/logo';
import { cn } from '@/lib/cn';

// Back/forward (or a login page still in the history) can bring the browser here again with the
// same prompt. A record of what this tab already created stops that from making a second project.
const HANDLED_KEY = 'sprout.initProject.handled';
const PROMPT_WINDOW_MS = 10 * 60_000;
const EMPTY_WINDOW_MS = 15_000;

interface Handled {
  prompt: string;
  at: number;
  id?: string;
}

function readHandled(prompt: string): Handled | null {
  try {
    const rec = JSON.parse(sessionStorage.getItem(HANDLED_KEY) ?? 'null') as Handled | null;
    if (!rec || rec.prompt !== prompt || !rec.id) return null;
    const windowMs = isBlankPrompt(prompt) ? EMPTY_WINDOW_MS : PROMPT_WINDOW_MS;
    return Date.now() - rec.at < windowMs ? rec : null;
  } catch {
    return null;
  }
}

function writeHandled(rec: Handled | null): void {
  try {
    if (rec) sessionStorage.setItem(HANDLED_KEY, JSON.stringify(rec));
    else sessionStorage.removeItem(HANDLED_KEY);
  } catch {
    // Storage unavailable: the guard against repeats is best effort.
  }
}

const STEPS: { phase: CreatePhase; label: string }[] = [
  { phase: 'checking', label: 'Checking your plan' },
  { phase: 'creating', label: 'Setting up a starter app' },
  { phase: 'opening', label: 'Opening the editor' },
];
const PROGRESS: Record<CreatePhase, number> = { checking: 20, creating: 60, opening: 92 };

type View = { kind: 'working' } | { kind: 'already'; id: string } | { kind: 'paywall'; paywall: Paywall } | { kind: 'error'; message: string };

const PAYWALL_COPY: Record<string, { title: string; body: string }> = {
  project_limit_reached: {
    title: 'You have reached your project limit',
    body: 'Upgrade for unlimited projects, or delete a project you no longer need and try again.',
  },
  daily: {
    title: 'You have used today’s messages',
    body: 'Your messages refill tomorrow, or upgrade to keep building right now.',
  },
  monthly: {
    title: 'You have used this month’s messages',
    body: 'Upgrade for a bigger monthly allowance and keep building right now.',
  },
};

function paywallCopy(p: Paywall) {
  return PAYWALL_COPY[p.source === 'message_limit_reached' ? p.limitType : p.source]!;
}

export function InitProject({ prompt: rawPrompt }: { prompt: string }) {
  const prompt = clampPrompt(rawPrompt);
  const hasPrompt = !isBlankPrompt(prompt);
  const { create, phase } = useCreateProject();
  const [view, setView] = useState<View>({ kind: 'working' });
  const started = useRef(false);

  const run = useCallback(async () => {
    setView({ kind: 'working' });
    writeHandled({ prompt, at: Date.now() });
    const outcome = await create(prompt, { navigate: 'replace', source: 'init-project' });
    if (outcome.kind === 'created') writeHandled({ prompt, at: Date.now(), id: outcome.sprout.id });
    else writeHandled(null);
    if (outcome.kind === 'paywall') setView({ kind: 'paywall', paywall: outcome.paywall });
    if (outcome.kind === 'error') setView({ kind: 'error', message: outcome.message });
  }, [create, prompt]);

  // Exactly once per visit: React's development double effects reuse this ref.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const handled = readHandled(prompt);
    if (handled?.id) setView({ kind: 'already', id: handled.id });
    else void run();
  }, [prompt, run]);

  async function copyPrompt() {
    try {
      await navigator.clipboard.writeText(prompt);
      toast.success('Prompt copied');
    } catch {
      toast.error('Could not copy. Select the text and copy it instead.');
    }
  }

  const promptQuote = hasPrompt ? (
    <blockquote className="mt-5 max-h-32 overflow-y-auto rounded-xl border bg-muted/50 px-4 py-3 text-left text-sm leading-relaxed whitespace-pre-wrap text-muted-foreground" data-testid="init-prompt">
      {prompt}
    </blockquote>
  ) : null;

  return (
    <main className="flex flex-1 items-start justify-center px-4 py-12 sm:items-center sm:py-20" data-testid="init-project" data-state={view.kind}>
      <div className="w-full max-w-lg rounded-2xl border bg-card p-6 text-center shadow-sm sm:p-8">
        {view.kind === 'working' ? (
          <div role="status" aria-live="polite">
            <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl bg-primary/10">
              <Logo className="size-8 animate-pulse motion-reduce:animate-none" />
            </div>
            <h1 className="text-xl font-semibold tracking-tight">Creating your project…</h1>
            <p className="mt-1 text-sm text-muted-foreground">
              {hasPrompt ? 'Your idea goes in as the first message.' : 'A fresh starter app, ready for your first idea.'}
            </p>
            {promptQuote}
            <Progress value={phase ? PROGRESS[phase] : 8} className="mt-6" aria-label="Project creation progress" />
            <ol className="mt-5 grid gap-2 text-left text-sm">
              {STEPS.map((step, i) => {
                const current = phase ? STEPS.findIndex((s) => s.phase === phase) : 0;
                const done = i < current;
                const active = i === current;
                return (
                  <li key={step.phase} className={cn('flex items-center gap-2.5', done || active ? 'text-foreground' : 'text-muted-foreground')}>
                    <span
                      className={cn(
                        'flex size-5 items-center justify-center rounded-full border',
                        done && 'border-primary bg-primary text-primary-foreground',
                        active && 'border-primary text-primary',
                      )}
                      aria-hidden="true"
                    >
                      {done ? <Check className="size-3" /> : active ? <LoaderCircle className="size-3 animate-spin" /> : null}
                    </span>
                    {step.label}
                  </li>
                );
              })}
            </ol>
          </div>
        ) : null}

        {view.kind === 'already' ? (
          <div>
            <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary">
              <Check className="size-7" aria-hidden="true" />
            </div>
            <h1 className="text-xl font-semibold tracking-tight">This project is already created</h1>
            <p className="mt-1 text-sm text-muted-foreground">You started it a moment ago. Open it, or create another one from the same prompt.</p>
            {promptQuote}
            <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
              <Button asChild data-testid="init-open-existing">
                <Link href={`/build/${encodeURIComponent(view.id)}`}>Open project</Link>
              </Button>
              <Button variant="outline" onClick={() => void run()} data-testid="init-create-another">
                Create another
              </Button>
            </div>
          </div>
        ) : null}

        {view.kind === 'paywall' ? (
          <div data-testid="init-paywall">
            <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary">
              <Sparkles className="size-7" aria-hidden="true" />
            </div>
            <h1 className="text-xl font-semibold tracking-tight">{paywallCopy(view.paywall).title}</h1>
            <p className="mt-1 text-sm text-muted-foreground">{paywallCopy(view.paywall).body}</p>
            {promptQuote}
            {hasPrompt ? (
              <Button variant="ghost" size="sm" className="mt-2" onClick={() => void copyPrompt()}>
                <Copy aria-hidden="true" /> Copy prompt for later
              </Button>
            ) : null}
            <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
              <Button asChild>
                <Link href={upgradePath(view.paywall.destination)}>See plans</Link>
              </Button>
              <Button asChild variant="outline" data-testid="init-back-to-build">
                <Link href="/build">
                  <FolderOpen aria-hidden="true" /> Back to your projects
                </Link>
              </Button>
            </div>
          </div>
        ) : null}

        {view.kind === 'error' ? (
          <div role="alert" data-testid="init-error">
            <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl bg-destructive/10 text-destructive">
              <CircleAlert className="size-7" aria-hidden="true" />
            </div>
            <h1 className="text-xl font-semibold tracking-tight">We could not create your project</h1>
            <p className="mt-1 text-sm text-muted-foreground">{view.message}</p>
            {promptQuote}
            <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
              <Button onClick={() => void run()} data-testid="init-retry">
                Try again
              </Button>
              <Button asChild variant="outline">
                <Link href="/build">
                  <FolderOpen aria-hidden="true" /> Back to your projects
                </Link>
              </Button>
            </div>
          </div>
        ) : null}
      </div>
    </main>
  );
}
