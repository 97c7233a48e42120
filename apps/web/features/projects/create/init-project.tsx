'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/browser/toast';
import { clampPrompt, isBlankPrompt, type Paywall } from '@sprout/core';
import { useCreateProject } from './create-project';
import { clearOnce, markOnce, readOnce } from '@/lib/browser/once';
import { takeIntent } from '@/lib/browser/intent';
import { holdMessage, NEW_PROJECT } from '@/features/paywall';
import { Already, AtPaywall, Confirm, Failed, Loading, Working } from './init-views';

// Back/forward (or a login page still in the history) can bring the browser here again with the
// same prompt. A record of what this tab already created stops that from making a second project.
const HANDLED_KEY = 'sprout.initProject.handled';
const PROMPT_WINDOW_MS = 10 * 60_000;
const EMPTY_WINDOW_MS = 15_000;

/** The project this tab already made from `prompt` a moment ago, if any. */
function madeFrom(prompt: string): string | null {
  const withinMs = isBlankPrompt(prompt) ? EMPTY_WINDOW_MS : PROMPT_WINDOW_MS;
  return readOnce(HANDLED_KEY, { subject: prompt, withinMs })?.result ?? null;
}

type View =
  | { kind: 'confirm' }
  | { kind: 'working' }
  | { kind: 'already'; id: string }
  | { kind: 'paywall'; paywall: Paywall }
  | { kind: 'error'; message: string };

/**
 * /init-project: creates a project from the prompt (through features/projects/create/create-project), shows the
 * steps while it does, and says so when a plan limit or an error stops it. It starts at once only for
 * a prompt this tab sent from Sprout's own prompt box (lib/browser/intent: through sign-up or sign-in
 * too); reached any other way — a link on another site, a typed address, a link through the sign-in
 * page — it shows the prompt and asks first, so a link cannot spend a message without the person's click.
 */
export function InitProject({ prompt: rawPrompt }: { prompt: string }) {
  const prompt = clampPrompt(rawPrompt);
  const hasPrompt = !isBlankPrompt(prompt);
  const { create, phase } = useCreateProject();
  // Null until this tab's record of the prompt is read (in the browser): neither "creating" nor a question yet.
  const [view, setView] = useState<View | null>(null);
  const started = useRef(false);

  const run = useCallback(async () => {
    setView({ kind: 'working' });
    markOnce(HANDLED_KEY, { subject: prompt });
    const outcome = await create(prompt, { navigate: 'replace', source: 'init-project' });
    if (outcome.kind === 'created') markOnce(HANDLED_KEY, { subject: prompt, result: outcome.sprout.id });
    else clearOnce(HANDLED_KEY);
    if (outcome.kind === 'paywall') {
      // Kept through the upgrade: back on the home page, the prompt box has it again.
      holdMessage(NEW_PROJECT, prompt);
      setView({ kind: 'paywall', paywall: outcome.paywall });
    }
    if (outcome.kind === 'error') setView({ kind: 'error', message: outcome.message });
  }, [create, prompt]);

  // Exactly once per visit: React's development double effects reuse this ref.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const made = madeFrom(prompt);
    if (made) setView({ kind: 'already', id: made });
    else if (hasPrompt && takeIntent({ kind: 'create', prompt })) void run();
    else setView({ kind: 'confirm' });
  }, [prompt, hasPrompt, run]);

  async function copyPrompt() {
    try {
      await navigator.clipboard.writeText(prompt);
      toast.success('Prompt copied');
    } catch {
      toast.error('Could not copy. Select the text and copy it instead.');
    }
  }

  const promptQuote = hasPrompt ? (
    <blockquote
      className="mt-5 max-h-32 overflow-y-auto rounded-xl border bg-muted/50 px-4 py-3 text-left text-sm leading-relaxed whitespace-pre-wrap text-muted-foreground"
      data-testid="init-prompt"
    >
      {prompt}
    </blockquote>
  ) : null;

  return (
    <main
      className="flex flex-1 items-start justify-center px-4 py-12 sm:items-center sm:py-20"
      data-testid="init-project"
      data-state={view?.kind ?? 'loading'}
    >
      <div className="w-full max-w-lg rounded-2xl border bg-card p-6 text-center shadow-sm sm:p-8">
        {view === null ? <Loading /> : null}
        {view?.kind === 'confirm' ? <Confirm quote={promptQuote} hasPrompt={hasPrompt} onCreate={() => void run()} /> : null}
        {view?.kind === 'working' ? <Working phase={phase} hasPrompt={hasPrompt} quote={promptQuote} /> : null}
        {view?.kind === 'already' ? <Already id={view.id} quote={promptQuote} onCreateAnother={() => void run()} /> : null}
        {view?.kind === 'paywall' ? <AtPaywall paywall={view.paywall} quote={promptQuote} onCopy={hasPrompt ? () => void copyPrompt() : null} /> : null}
        {view?.kind === 'error' ? <Failed message={view.message} quote={promptQuote} onRetry={() => void run()} /> : null}
      </div>
    </main>
  );
}
