'use client';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { ArrowUp, LoaderCircle } from 'lucide-react';
import { clampPrompt, isPromptSubmittable } from '@sprout/core';
import { useCreateProject } from './create-project';
import { heldMessage, holdMessage, NEW_PROJECT, releaseHeldMessage } from '@/features/paywall';
import { cn } from '@/lib/cn';
import { PromptCounter, PromptHint, PromptTextarea, usePromptField } from '@/ui/prompt/prompt-field';

export interface PromptDraft {
  text: string;
  setText: (text: string) => void;
  /** Puts text in the box (clamped to the limit), focuses it and moves the caret to the end. */
  fill: (text: string) => void;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  focusRequest: RefObject<boolean>;
}

const DraftCtx = createContext<PromptDraft | null>(null);

function useDraftState(): PromptDraft {
  const [text, setRaw] = useState('');
  const textareaRef = useRef<HTMLTextAreaElement | null>(null);
  const focusRequest = useRef(false);
  const setText = useCallback((next: string) => setRaw(clampPrompt(next)), []);
  const fill = useCallback((next: string) => {
    focusRequest.current = true;
    setRaw(clampPrompt(next));
  }, []);
  return useMemo(() => ({ text, setText, fill, textareaRef, focusRequest }), [text, setText, fill]);
}

/** Lets chips and templates elsewhere on the page write into the prompt box. */
export function PromptDraftProvider({ children }: { children: ReactNode }) {
  const draft = useDraftState();
  return <DraftCtx.Provider value={draft}>{children}</DraftCtx.Provider>;
}

/** The shared draft, or null outside a PromptDraftProvider. */
export function usePromptDraft(): PromptDraft | null {
  return useContext(DraftCtx);
}

/** A chip or template filled the box: focus it with the caret at the end, and bring it into view. */
function useFocusOnFill(text: string, focusRequest: { current: boolean }, textareaRef: { current: HTMLTextAreaElement | null }) {
  useEffect(() => {
    if (!focusRequest.current) return;
    focusRequest.current = false;
    const el = textareaRef.current;
    if (!el) return;
    el.focus({ preventScroll: true });
    el.setSelectionRange(el.value.length, el.value.length);
    el.scrollTop = el.scrollHeight;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.closest('form')?.scrollIntoView({ block: 'center', behavior: reduce ? 'auto' : 'smooth' });
  }, [text, focusRequest, textareaRef]);
}

/**
 * The prompt box: blank or over-limit text cannot be sent, Ctrl/Cmd+Enter sends, the
 * counter appears from 1900 characters, and typing or pasting past 2000 characters is ignored
 * (a paste is shortened to fit, never refused). Sending creates the project (features/projects/create/create-project).
 */
export function PromptBox({ autoFocus = false, className, source = 'home' }: { autoFocus?: boolean; className?: string; source?: string }) {
  const shared = usePromptDraft();
  const own = useDraftState();
  const { text, setText, textareaRef, focusRequest } = shared ?? own;
  const { create, isBusy } = useCreateProject();
  const canSend = isPromptSubmittable(text) && !isBusy;
  const field = usePromptField({ text, setText, textarea: textareaRef, maxHeightPx: 320, submit: () => void submit() });
  useFocusOnFill(text, focusRequest, textareaRef);

  useEffect(() => {
    if (autoFocus) textareaRef.current?.focus({ preventScroll: true });
  }, [autoFocus, textareaRef]);

  // Back from pricing or checkout: the idea a plan limit stopped is in the box again.
  const { fill } = shared ?? own;
  useEffect(() => {
    const held = heldMessage(NEW_PROJECT);
    if (!held) return;
    releaseHeldMessage(NEW_PROJECT);
    fill(held.text);
  }, [fill]);

  async function submit() {
    if (!canSend) return;
    const outcome = await create(text, { source });
    // The text stays; put the person back in it so they can adjust and retry.
    if (outcome.kind === 'error') textareaRef.current?.focus({ preventScroll: true });
    // A plan limit: the idea is kept through the upgrade, and back here afterwards.
    if (outcome.kind === 'paywall') holdMessage(NEW_PROJECT, text);
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    void submit();
  }

  return (
    <form
      onSubmit={onSubmit}
      aria-busy={isBusy}
      className={cn(
        'group relative w-full rounded-2xl border bg-card text-card-foreground shadow-lg shadow-primary/5 transition-[border-color,box-shadow] focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/30',
        className,
      )}
      data-testid="prompt-box"
    >
      <PromptTextarea
        field={field}
        textarea={textareaRef}
        text={text}
        setText={setText}
        label="Describe what you want to build"
        placeholder="Describe what you want to build..."
        rows={3}
        testId="prompt-input"
        className="block max-h-80 min-h-28 w-full resize-none bg-transparent px-4 pt-4 pb-2 text-base leading-relaxed outline-none placeholder:text-muted-foreground sm:min-h-32 sm:px-5 sm:pt-5"
      />
      <div className="flex items-center gap-3 px-3 pb-3 sm:px-4">
        <PromptHint field={field} truncatedClassName="sm:pl-2" truncatedTestId="prompt-truncated" />
        <PromptCounter field={field} text={text} testId="prompt-counter" />
        <button
          type="submit"
          data-testid="prompt-send"
          aria-label={isBusy ? 'Sending prompt' : 'Send prompt'}
          disabled={!canSend}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-sm transition-[background-color,opacity,transform] outline-none hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/50 active:scale-95 disabled:cursor-not-allowed disabled:opacity-40 disabled:active:scale-100"
        >
          {isBusy ? (
            <LoaderCircle className="size-5 animate-spin" aria-hidden="true" data-testid="prompt-spinner" />
          ) : (
            <ArrowUp className="size-5" aria-hidden="true" />
          )}
        </button>
      </div>
    </form>
  );
}
