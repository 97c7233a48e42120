'use client';
import { useEffect, useId, useLayoutEffect, useRef, useState, type ClipboardEvent, type DragEvent, type FormEvent, type KeyboardEvent } from 'react';
import { ArrowUp, ImagePlus, LoaderCircle, Square } from 'lucide-react';
import { toast } from '@/lib/client/toast';
import { PROMPT_MAX_LENGTH, clampPrompt, isPromptSubmittable, promptCounterText, showPromptCounter } from '@sprout/core';
import { cn } from '@/lib/cn';
import { pasteIntoPrompt } from '@/components/home/prompt-input';
import { DraftImages, IMAGE_TYPES, MAX_ATTACHMENTS, MAX_IMAGE_BYTES, type DraftImage } from './attachments';
import type { ChatAttachment, ChatSession } from './chat-session';

const MAX_HEIGHT_PX = 200;

function useShortcutLabel(): string | null {
  const [label, setLabel] = useState<string | null>(null);
  useEffect(() => {
    const platform = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ?? navigator.platform ?? '';
    setLabel(/mac|iphone|ipad|ipod/i.test(platform) ? '⌘' : 'Ctrl');
  }, []);
  return label;
}

let imageCounter = 0;

export interface ChatComposerProps {
  session: ChatSession;
  running: boolean;
  stopping: boolean;
  sending: boolean;
  imageUploads: boolean;
  restore: { text: string; attachments: ChatAttachment[]; nonce: number } | null;
  /** The chat is empty: invite the first description rather than a change. */
  empty: boolean;
  onSent?: () => void;
}

/**
 * The message input at the foot of the chat: the prompt rules of SPEC §5 (blank blocked, at most
 * 2000 characters — typing or pasting beyond is ignored —, counter from 1900), Ctrl/Cmd+Enter sends,
 * images (enableImageUploads) by button, paste or drop, and Stop in place of Send while Sprout writes.
 */
export function ChatComposer({ session, running, stopping, sending, imageUploads, restore, empty, onSent }: ChatComposerProps) {
  const [text, setTextRaw] = useState('');
  const [images, setImages] = useState<DraftImage[]>([]);
  const [truncated, setTruncated] = useState(false);
  const [dragging, setDragging] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const shortcut = useShortcutLabel();
  const id = useId();
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  const setText = (t: string) => setTextRaw(clampPrompt(t));

  const uploading = images.some((i) => i.status === 'uploading');
  const failed = images.some((i) => i.status === 'error');
  const canSend = isPromptSubmittable(text) && !running && !sending && !uploading && !failed;
  const counterShown = showPromptCounter(text);
  const atLimit = text.length >= PROMPT_MAX_LENGTH;

  useLayoutEffect(() => {
    const el = textarea.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [text]);

  useEffect(() => {
    if (!atLimit) setTruncated(false);
  }, [atLimit]);

  // A message that could not be sent comes back here, unless the person already typed something new.
  const restored = useRef(0);
  useEffect(() => {
    if (!restore || restore.nonce === restored.current) return;
    restored.current = restore.nonce;
    session.clearRestore();
    if (text.trim()) return;
    setTextRaw(clampPrompt(restore.text));
    setImages(restore.attachments.map((a) => ({ key: `r-${a.uploadId}`, name: 'Image', previewUrl: a.previewUrl ?? '', status: 'ready', attachment: a })));
    textarea.current?.focus({ preventScroll: true });
  }, [restore, session, text]);

  function addFiles(files: File[]) {
    if (!imageUploads) return;
    const room = MAX_ATTACHMENTS - images.length;
    if (files.length > room) toast.error(`You can attach up to ${MAX_ATTACHMENTS} images to a message.`);
    for (const file of files.slice(0, Math.max(0, room))) {
      if (!IMAGE_TYPES.includes(file.type)) {
        toast.error(`${file.name || 'That file'} is not a PNG, JPEG, WebP or GIF image.`);
        continue;
      }
      if (file.size > MAX_IMAGE_BYTES) {
        toast.error(`${file.name || 'That image'} is larger than 5 MB.`);
        continue;
      }
      imageCounter += 1;
      const key = `img-${imageCounter}`;
      const previewUrl = URL.createObjectURL(file);
      setImages((list) => [...list, { key, name: file.name || 'Pasted image', previewUrl, status: 'uploading' }]);
      session.upload(file).then(
        (a) => setImages((list) => list.map((i) => (i.key === key ? { ...i, status: 'ready', attachment: { ...a, previewUrl } } : i))),
        (err: unknown) => {
          const message = err instanceof Error ? err.message : 'Upload failed.';
          toast.error(`${file.name || 'The image'} was not uploaded: ${message}`);
          setImages((list) => list.map((i) => (i.key === key ? { ...i, status: 'error', error: message } : i)));
        },
      );
    }
  }

  function removeImage(key: string) {
    setImages((list) => {
      const gone = list.find((i) => i.key === key);
      if (gone && gone.status !== 'ready' && gone.previewUrl) URL.revokeObjectURL(gone.previewUrl);
      return list.filter((i) => i.key !== key);
    });
  }

  function submit() {
    if (!canSend) return;
    const attachments = images.flatMap((i) => (i.attachment ? [i.attachment] : []));
    void session.send(text, { attachments });
    // Optimistic: the message is in the chat now; if it is refused, it comes back into the box.
    setTextRaw('');
    setImages([]);
    onSent?.();
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    submit();
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && (e.metaKey || e.ctrlKey) && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  }

  function onPaste(e: ClipboardEvent<HTMLTextAreaElement>) {
    const files = Array.from(e.clipboardData.files).filter((f) => f.type.startsWith('image/'));
    if (files.length && imageUploads) {
      e.preventDefault();
      addFiles(files);
      return;
    }
    const pasted = e.clipboardData.getData('text/plain');
    if (!pasted) return;
    const el = e.currentTarget;
    const result = pasteIntoPrompt(el.value, el.selectionStart, el.selectionEnd, pasted);
    if (!result.truncated) return;
    e.preventDefault();
    setTruncated(true);
    if (!result.insert) return;
    const inserted = typeof document.execCommand === 'function' && document.execCommand('insertText', false, result.insert);
    if (!inserted || el.value !== result.value) {
      setText(result.value);
      requestAnimationFrame(() => el.setSelectionRange(result.caret, result.caret));
    }
  }

  const dropProps = imageUploads
    ? {
        onDragOver: (e: DragEvent) => {
          if (!Array.from(e.dataTransfer.types).includes('Files')) return;
          e.preventDefault();
          setDragging(true);
        },
        onDragLeave: () => setDragging(false),
        onDrop: (e: DragEvent) => {
          if (!e.dataTransfer.files.length) return;
          e.preventDefault();
          setDragging(false);
          addFiles(Array.from(e.dataTransfer.files));
        },
      }
    : {};

  return (
    <form
      onSubmit={onSubmit}
      {...dropProps}
      data-testid="chat-composer"
      className={cn(
        'relative rounded-2xl border bg-card text-card-foreground shadow-sm transition-[border-color,box-shadow] focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/30',
        dragging && 'border-primary ring-[3px] ring-primary/30',
      )}
    >
      <DraftImages images={images} onRemove={removeImage} />
      <label htmlFor={id} className="sr-only">
        {empty ? 'Describe what you want to build' : 'Message Sprout'}
      </label>
      <textarea
        id={id}
        ref={textarea}
        data-testid="chat-input"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        maxLength={PROMPT_MAX_LENGTH}
        rows={2}
        placeholder={empty ? 'Describe what you want to build...' : 'Ask Sprout to change something...'}
        aria-describedby={counterShown ? `${hintId} ${counterId}` : hintId}
        className="block max-h-[200px] min-h-16 w-full resize-none bg-transparent px-3.5 pt-3 pb-1 text-base leading-relaxed outline-none placeholder:text-muted-foreground md:text-sm"
      />
      <div className="flex items-center gap-2 px-2 pb-2">
        {imageUploads ? (
          <>
            <input
              ref={fileInput}
              type="file"
              accept={IMAGE_TYPES.join(',')}
              multiple
              hidden
              data-testid="chat-attach-input"
              onChange={(e) => {
                addFiles(Array.from(e.target.files ?? []));
                e.target.value = '';
              }}
            />
            <button
              type="button"
              onClick={() => fileInput.current?.click()}
              disabled={images.length >= MAX_ATTACHMENTS}
              aria-label="Attach images"
              title="Attach images (PNG, JPEG, WebP or GIF, up to 5 MB)"
              data-testid="chat-attach"
              className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-40"
            >
              <ImagePlus className="size-4" aria-hidden="true" />
            </button>
          </>
        ) : null}
        <p id={hintId} className="min-w-0 flex-1 truncate pl-1.5 text-xs text-muted-foreground">
          {running ? (
            <span>Sprout is working…</span>
          ) : shortcut ? (
            <span className="hidden sm:inline">
              <kbd className="rounded border bg-muted px-1 py-0.5 font-sans text-[11px]">{shortcut}</kbd>{' '}
              <kbd className="rounded border bg-muted px-1 py-0.5 font-sans text-[11px]">Enter</kbd> to send
            </span>
          ) : null}
          <span className="sr-only">Press Control or Command and Enter to send.</span>
          {truncated ? (
            <span className="pl-2 text-foreground/80" role="status">
              Pasted text was shortened to fit.
            </span>
          ) : null}
        </p>
        {counterShown ? (
          <span id={counterId} data-testid="chat-counter" className={cn('shrink-0 text-xs tabular-nums', atLimit ? 'font-medium text-destructive' : 'text-muted-foreground')}>
            {promptCounterText(text)}
          </span>
        ) : null}
        {running ? (
          <button
            type="button"
            onClick={() => void session.stop()}
            disabled={stopping}
            data-testid="chat-stop"
            aria-label={stopping ? 'Stopping' : 'Stop Sprout'}
            title="Stop"
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-foreground text-background outline-none hover:bg-foreground/85 focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-60"
          >
            {stopping ? <LoaderCircle className="size-4 motion-safe:animate-spin" aria-hidden="true" /> : <Square className="size-3 fill-current" aria-hidden="true" />}
          </button>
        ) : (
          <button
            type="submit"
            data-testid="chat-send"
            disabled={!canSend}
            aria-label={sending ? 'Sending message' : 'Send message'}
            title={failed ? 'Remove the images that did not upload first' : uploading ? 'Waiting for images to upload' : undefined}
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-xs outline-none hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/50 active:scale-95 disabled:cursor-not-allowed disabled:opacity-40 disabled:active:scale-100"
          >
            {sending ? <LoaderCircle className="size-4 motion-safe:animate-spin" aria-hidden="true" /> : <ArrowUp className="size-4" aria-hidden="true" />}
          </button>
        )}
      </div>
    </form>
  );
}
