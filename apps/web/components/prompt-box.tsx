'use client';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { ArrowUp, LoaderCircle } from 'lucide-react';
import { PROMPT_MAX_LENGTH, clampPrompt, isPromptSubmittable, promptCounterText, showPromptCounter } from '@sprout/core';
import { useCreateProject } from '@/lib/client/create-project';
import { cn } from '@/lib/cn';
import { pasteIntoPrompt } from '@/components/home/prompt-input';

interface PromptDraft {
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

const MAX_HEIGHT_PX = 320;

function useShortcutLabel(): string | null {
  const [label, setLabel] = useState<string | null>(null);
  useEffect(() => {
    const platform = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ?? navigator.platform ?? '';
    setLabel(/mac|iphone|ipad|ipod/i.test(platform) ? '⌘' : 'Ctrl');
  }, []);
  return label;
}

/**
 * The prompt box of SPEC §2: blank or over-limit text cannot be sent, Ctrl/Cmd+Enter sends, the
 * counter appears from 1900 characters, and typing or pasting past 2000 characters is ignored
 * (a paste is shortened to fit, never refused).
 */
export function PromptBox({ autoFocus = false, className, source = 'home' }: { autoFocus?: boolean; className?: string; source?: string }) {
  const shared = usePromptDraft();
  const own = useDraftState();
  const { text, setText, textareaRef, focusRequest } = shared ?? own;
  const { create, isBusy } = useCreateProject();
  const [truncated, setTruncated] = useState(false);
  const shortcut = useShortcutLabel();
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const counterId = `${inputId}-counter`;
  const counterShown = showPromptCounter(text);
  const atLimit = text.length >= PROMPT_MAX_LENGTH;
  const canSend = isPromptSubmittable(text) && !isBusy;

  // Grow with the text up to a comfortable height, then scroll.
  useLayoutEffect(() => {
    const el = textareaRef.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [text, textareaRef]);

  // A chip or template filled the box: focus it with the caret at the end, and bring it into view.
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

  useEffect(() => {
    if (autoFocus) textareaRef.current?.focus({ preventScroll: true });
  }, [autoFocus, textareaRef]);

  useEffect(() => {
    if (!atLimit) setTruncated(false);
  }, [atLimit]);

  async function submit() {
    if (!canSend) return;
    const outcome = await create(text, { source });
    // The text stays; put the person back in it so they can adjust and retry.
    if (outcome.kind === 'error') textareaRef.current?.focus({ preventScroll: true });
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    void submit();
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && (e.metaKey || e.ctrlKey) && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  }

  function onPaste(e: ClipboardEvent<HTMLTextAreaElement>) {
    const pasted = e.clipboardData.getData('text/plain');
    if (!pasted) return;
    const el = e.currentTarget;
    const result = pasteIntoPrompt(el.value, el.selectionStart, el.selectionEnd, pasted);
    if (!result.truncated) return; // fits: let the browser paste (keeps undo history)
    e.preventDefault();
    setTruncated(true);
    if (!result.insert) return;
    // insertText keeps the browser's undo stack; fall back to setting the value ourselves.
    const inserted = typeof document.execCommand === 'function' && document.execCommand('insertText', false, result.insert);
    if (!inserted || el.value !== result.value) {
      setText(result.value);
      requestAnimationFrame(() => el.setSelectionRange(result.caret, result.caret));
    }
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
      <label htmlFor={inputId} className="sr-only">
        Describe what you want to build
      </label>
      <textarea
        id={inputId}
        ref={textareaRef}
        data-testid="prompt-input"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        maxLength={PROMPT_MAX_LENGTH}
        rows={3}
        placeholder="Describe what you want to build..."
        aria-describedby={counterShown ? `${hintId} ${counterId}` : hintId}
        className="block max-h-80 min-h-28 w-full resize-none bg-transparent px-4 pt-4 pb-2 text-base leading-relaxed outline-none placeholder:text-muted-foreground sm:min-h-32 sm:px-5 sm:pt-5"
      />
      <div className="flex items-center gap-3 px-3 pb-3 sm:px-4">
        <p id={hintId} className="min-w-0 flex-1 truncate text-xs text-muted-foreground">
          {shortcut ? (
            <span className="hidden sm:inline">
              <kbd className="rounded border bg-muted px-1 py-0.5 font-sans text-[11px]">{shortcut}</kbd>{' '}
              <kbd className="rounded border bg-muted px-1 py-0.5 font-sans text-[11px]">Enter</kbd> to send
            </span>
          ) : null}
          <span className="sr-only">Press Control or Command and Enter to send.</span>
          {truncated ? (
            <span className="text-foreground/80 sm:pl-2" role="status" data-testid="prompt-truncated">
              Pasted text was shortened to fit.
            </span>
          ) : null}
        </p>
        {counterShown ? (
          <span
            id={counterId}
            data-testid="prompt-counter"
            className={cn('shrink-0 text-xs tabular-nums', atLimit ? 'font-medium text-destructive' : 'text-muted-foreground')}
          >
            {promptCounterText(text)}
          </span>
        ) : null}
        <button
          type="submit"
          data-testid="prompt-send"
          aria-label={isBusy ? 'Sending prompt' : 'Send prompt'}
          disabled={!canSend}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-sm transition-[background-color,opacity,transform] outline-none hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/50 active:scale-95 disabled:cursor-not-allowed disabled:opacity-40 disabled:active:scale-100"
        >
          {isBusy ? <LoaderCircle className="size-5 animate-spin" aria-hidden="true" data-testid="prompt-spinner" /> : <ArrowUp className="size-5" aria-hidden="true" />}
        </button>
      </div>
    </form>
  );
}
