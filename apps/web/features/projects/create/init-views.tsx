'use client';
import type { ReactNode } from 'react';
import Link from 'next/link';
import { Check, CircleAlert, Copy, FolderOpen, LoaderCircle, Sparkles } from 'lucide-react';
import type { Paywall } from '@sprout/core';
import { paywallUpgradeHref } from '@/features/billing';
import type { CreatePhase } from './create-project';
import { Button } from '@/ui/button';
import { Progress } from '@/ui/progress';
import { Logo } from '@/ui/logo';
import { cn } from '@/lib/cn';

const STEPS: { phase: CreatePhase; label: string }[] = [
  { phase: 'checking', label: 'Checking your plan' },
  { phase: 'creating', label: 'Setting up a starter app' },
  { phase: 'opening', label: 'Opening the editor' },
];
const PROGRESS: Record<CreatePhase, number> = { checking: 20, creating: 60, opening: 92 };

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

/** The big icon, heading and sentence every state of the page starts with. */
function Heading({ icon, tone = 'primary', title, children }: { icon: ReactNode; tone?: 'primary' | 'destructive'; title: string; children: ReactNode }) {
  return (
    <>
      <div
        className={cn(
          'mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl',
          tone === 'destructive' ? 'bg-destructive/10 text-destructive' : 'bg-primary/10 text-primary',
        )}
      >
        {icon}
      </div>
      <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-1 text-sm text-muted-foreground">{children}</p>
    </>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">{children}</div>;
}

function BackToProjects({ testId }: { testId?: string }) {
  return (
    <Button asChild variant="outline" data-testid={testId}>
      <Link href="/build">
        <FolderOpen aria-hidden="true" /> Back to your projects
      </Link>
    </Button>
  );
}

/** The moment before the page knows whether this tab's prompt box sent the prompt. */
export function Loading() {
  return (
    <div role="status" className="flex justify-center py-8">
      <LoaderCircle className="size-6 animate-spin text-muted-foreground" aria-hidden="true" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}

export function Working({ phase, hasPrompt, quote }: { phase: CreatePhase | null; hasPrompt: boolean; quote: ReactNode }) {
  const current = phase ? STEPS.findIndex((s) => s.phase === phase) : 0;
  return (
    <div role="status" aria-live="polite">
      <Heading icon={<Logo className="size-8 animate-pulse motion-reduce:animate-none" />} title="Creating your project…">
        {hasPrompt ? 'Your idea goes in as the first message.' : 'A fresh starter app, ready for your first idea.'}
      </Heading>
      {quote}
      <Progress value={phase ? PROGRESS[phase] : 8} className="mt-6" aria-label="Project creation progress" />
      <ol className="mt-5 grid gap-2 text-left text-sm">
        {STEPS.map((step, i) => {
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
  );
}

/**
 * Shown when the prompt did not come from this tab's prompt box (a link on another site, a typed
 * address, a link through the sign-in page): nothing is created without the person's click.
 */
export function Confirm({ quote, hasPrompt, onCreate }: { quote: ReactNode; hasPrompt: boolean; onCreate: () => void }) {
  return (
    <div data-testid="init-confirm">
      <Heading icon={<Sparkles className="size-7" aria-hidden="true" />} title={hasPrompt ? 'Create a project from this idea?' : 'Create a new project?'}>
        {hasPrompt
          ? 'A link brought you here with this idea. Creating the project adds it to your projects and sends the idea as your first message.'
          : 'A link brought you here. Nothing is created until you say so.'}
      </Heading>
      {quote}
      <Actions>
        <Button onClick={onCreate} data-testid="init-confirm-create" autoFocus>
          Create project
        </Button>
        <Button asChild variant="outline" data-testid="init-confirm-cancel">
          <Link href="/build">Cancel</Link>
        </Button>
      </Actions>
    </div>
  );
}

export function Already({ id, quote, onCreateAnother }: { id: string; quote: ReactNode; onCreateAnother: () => void }) {
  return (
    <div>
      <Heading icon={<Check className="size-7" aria-hidden="true" />} title="This project is already created">
        You started it a moment ago. Open it, or create another one from the same prompt.
      </Heading>
      {quote}
      <Actions>
        <Button asChild data-testid="init-open-existing">
          <Link href={`/build/${encodeURIComponent(id)}`}>Open project</Link>
        </Button>
        <Button variant="outline" onClick={onCreateAnother} data-testid="init-create-another">
          Create another
        </Button>
      </Actions>
    </div>
  );
}

export function AtPaywall({ paywall, quote, onCopy }: { paywall: Paywall; quote: ReactNode; onCopy: (() => void) | null }) {
  const copy = paywallCopy(paywall);
  return (
    <div data-testid="init-paywall">
      <Heading icon={<Sparkles className="size-7" aria-hidden="true" />} title={copy.title}>
        {copy.body}
      </Heading>
      {quote}
      {onCopy ? (
        <Button variant="ghost" size="sm" className="mt-2" onClick={onCopy}>
          <Copy aria-hidden="true" /> Copy prompt for later
        </Button>
      ) : null}
      <Actions>
        <Button asChild>
          {/* After checkout, back to the home page, whose prompt box holds this prompt again. */}
          <Link href={paywallUpgradeHref(paywall.destination, '/', new URLSearchParams())} data-testid="init-see-plans">
            See plans
          </Link>
        </Button>
        <BackToProjects testId="init-back-to-build" />
      </Actions>
    </div>
  );
}

export function Failed({ message, quote, onRetry }: { message: string; quote: ReactNode; onRetry: () => void }) {
  return (
    <div role="alert" data-testid="init-error">
      <Heading icon={<CircleAlert className="size-7" aria-hidden="true" />} tone="destructive" title="We could not create your project">
        {message}
      </Heading>
      {quote}
      <Actions>
        <Button onClick={onRetry} data-testid="init-retry">
          Try again
        </Button>
        <BackToProjects />
      </Actions>
    </div>
  );
}
