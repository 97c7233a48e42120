'use client';
import { useEffect, useId, useLayoutEffect, useState, type ClipboardEvent, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { PROMPT_MAX_LENGTH, promptCounterText, showPromptCounter } from '@sprout/core';
import { pasteIntoPrompt } from './prompt-input';
import { isSendKey } from './send-key';
import { cn } from '@/lib/cn';

// The prompt rules every prompt field shares (the home prompt box, the chat input), and the parts
// they render: one module, as the two are always used together.

/** '⌘' on Apple devices, 'Ctrl' elsewhere; null until known (the server cannot tell). */
function useShortcutLabel(): string | null {
  const [label, setLabel] = useState<string | null>(null);
  useEffect(() => {
    const platform = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ?? navigator.platform ?? '';
    setLabel(/mac|iphone|ipad|ipod/i.test(platform) ? '⌘' : 'Ctrl');
  }, []);
  return label;
}

export interface PromptFieldOptions {
  text: string;
  /** Sets the text (the caller clamps it to the limit). */
  setText: (text: string) => void;
  textarea: RefObject<HTMLTextAreaElement | null>;
  /** The field grows with its text up to this height, then scrolls. */
  maxHeightPx: number;
  /** Ctrl/Cmd+Enter, and Enter alone when `enterSends`. */
  submit: () => void;
  /**
   * The chat's rule: Enter sends and Shift+Enter starts a new line. Off for the home prompt (there
   * Ctrl/Cmd+Enter sends), and on touch screens, whose keyboards have no Shift: there Enter is a new line.
   */
  enterSends?: boolean;
}

/** Whether the primary pointer is a finger (phones, tablets): there Enter must stay a new line. */
function useCoarsePointer(): boolean {
  const [coarse, setCoarse] = useState(false);
  useEffect(() => {
    const query = window.matchMedia('(pointer: coarse)');
    setCoarse(query.matches);
    const change = () => setCoarse(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return coarse;
}

/**
 * The prompt rules that every prompt field shares (the home prompt box, the chat
 * input): Ctrl/Cmd+Enter sends (and Enter in the chat), the counter shows near the limit, and typing or pasting past the
 * limit is ignored — a paste is shortened to fit, never refused, and says so.
 */
export function usePromptField({ text, setText, textarea, maxHeightPx, submit, enterSends: wantsEnter = false }: PromptFieldOptions) {
  const [truncated, setTruncated] = useState(false);
  const shortcut = useShortcutLabel();
  const coarse = useCoarsePointer();
  const enterSends = wantsEnter && !coarse;
  const id = useId();
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  const counterShown = showPromptCounter(text);
  const atLimit = text.length >= PROMPT_MAX_LENGTH;

  useLayoutEffect(() => {
    const el = textarea.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, maxHeightPx)}px`;
  }, [text, textarea, maxHeightPx]);

  useEffect(() => {
    if (!atLimit) setTruncated(false);
  }, [atLimit]);

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (
      isSendKey(
        { key: e.key, metaKey: e.metaKey, ctrlKey: e.ctrlKey, shiftKey: e.shiftKey, altKey: e.altKey, isComposing: e.nativeEvent.isComposing },
        enterSends,
      )
    ) {
      e.preventDefault();
      submit();
    }
  }

  function pasteText(e: ClipboardEvent<HTMLTextAreaElement>) {
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

  return {
    id,
    hintId,
    counterId,
    describedBy: counterShown ? `${hintId} ${counterId}` : hintId,
    shortcut,
    enterSends,
    truncated,
    counterShown,
    atLimit,
    onKeyDown,
    pasteText,
  };
}

export type PromptField = ReturnType<typeof usePromptField>;

/** Under a prompt field: how to send (or what is happening instead), and that a paste was shortened. */
export function PromptHint({
  field,
  status,
  className,
  truncatedClassName,
  truncatedTestId,
}: {
  field: PromptField;
  /** Said instead of the shortcut (e.g. "Sprout is working…"). */
  status?: ReactNode;
  className?: string;
  truncatedClassName?: string;
  truncatedTestId?: string;
}) {
  return (
    <p id={field.hintId} className={cn('min-w-0 flex-1 truncate text-xs text-muted-foreground', className)}>
      {status ??
        (field.enterSends ? (
          <span className="hidden sm:inline" data-testid="send-hint">
            <Key>Enter</Key> to send · <Key>Shift</Key> <Key>Enter</Key> for a new line
          </span>
        ) : field.shortcut ? (
          <span className="hidden sm:inline" data-testid="send-hint">
            <Key>{field.shortcut}</Key> <Key>Enter</Key> to send
          </span>
        ) : null)}
      <span className="sr-only">
        {field.enterSends ? 'Press Enter to send, Shift and Enter for a new line.' : 'Press Control or Command and Enter to send.'}
      </span>
      {field.truncated ? (
        <span className={cn('text-foreground/80', truncatedClassName)} role="status" data-testid={truncatedTestId}>
          Pasted text was shortened to fit.
        </span>
      ) : null}
    </p>
  );
}

function Key({ children }: { children: ReactNode }) {
  return <kbd className="rounded border bg-muted px-1 py-0.5 font-sans text-[11px]">{children}</kbd>;
}

/** "1950 / 2000" from 1900 characters on, red at the limit. */
export function PromptCounter({ field, text, testId }: { field: PromptField; text: string; testId: string }) {
  if (!field.counterShown) return null;
  return (
    <span
      id={field.counterId}
      data-testid={testId}
      className={cn('shrink-0 text-xs tabular-nums', field.atLimit ? 'font-medium text-destructive' : 'text-muted-foreground')}
    >
      {promptCounterText(text)}
    </span>
  );
}

/** The text area of a prompt field, with its (visually hidden) label. */
export function PromptTextarea({
  field,
  textarea,
  text,
  setText,
  onPaste = field.pasteText,
  label,
  placeholder,
  rows,
  testId,
  className,
}: {
  field: PromptField;
  textarea: RefObject<HTMLTextAreaElement | null>;
  text: string;
  setText: (text: string) => void;
  onPaste?: (e: ClipboardEvent<HTMLTextAreaElement>) => void;
  label: string;
  placeholder: string;
  rows: number;
  testId: string;
  className: string;
}) {
  return (
    <>
      <label htmlFor={field.id} className="sr-only">
        {label}
      </label>
      <textarea
        id={field.id}
        ref={textarea}
        data-testid={testId}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={field.onKeyDown}
        onPaste={onPaste}
        maxLength={PROMPT_MAX_LENGTH}
        rows={rows}
        placeholder={placeholder}
        aria-describedby={field.describedBy}
        enterKeyHint={field.enterSends ? 'send' : 'enter'}
        className={className}
      />
    </>
  );
}
