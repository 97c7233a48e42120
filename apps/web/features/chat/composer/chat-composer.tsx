'use client';
import { useEffect, useRef, useState, type ClipboardEvent, type DragEvent, type FormEvent } from 'react';
import { clampPrompt, isPromptSubmittable } from '@sprout/core';
import { cn } from '@/lib/cn';
import { PromptCounter, PromptHint, PromptTextarea, usePromptField } from '@/ui/prompt/prompt-field';
import { DraftImages } from './attachments';
import type { ChatAttachment } from '../session/chat-state';
import type { ChatSession } from '../session/chat-session';
import { AttachButton, SendButton, StopButton } from './composer-buttons';
import { useDraftImages, type DraftImagesState } from './use-draft-images';
import { ElementChip, selectionFor, useSelection } from '@/features/visual-edit';
import { PlanSwitch } from './plan-switch';

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

/** Images dropped on the input (enableImageUploads), with the input outlined while they hover. */
function useImageDrop(images: DraftImagesState, enabled: boolean) {
  const [dragging, setDragging] = useState(false);
  const props = enabled
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
          images.add(Array.from(e.dataTransfer.files));
        },
      }
    : {};
  return { dragging, props };
}

/**
 * The message input at the foot of the chat: the prompt rules (blank blocked, at most
 * 2000 characters — typing or pasting beyond is ignored —, counter from 1900), Enter sends (Shift+Enter
 * is a new line; Ctrl/Cmd+Enter sends too),
 * images (enableImageUploads) by button, paste or drop, and Stop in place of Send while Sprout writes.
 */
export function ChatComposer({ session, running, stopping, sending, imageUploads, restore, empty, onSent }: ChatComposerProps) {
  const [text, setTextRaw] = useState('');
  const textarea = useRef<HTMLTextAreaElement>(null);
  const setText = (t: string) => setTextRaw(clampPrompt(t));
  const images = useDraftImages(session.sproutId, imageUploads);
  // The element selected in the preview goes with the message: its code comes first in the context.
  const selected = useSelection(session.sproutId).selected;
  // Plan first, for the next message only (the plan's Build sends the build): on by default for a new
  // project's first message, off after it, unless the person sets it.
  const [planChoice, setPlan] = useState<boolean | null>(null);
  const plan = planChoice ?? empty;
  const drop = useImageDrop(images, imageUploads);
  const canSend = isPromptSubmittable(text) && !running && !sending && !images.uploading && !images.failed;
  const field = usePromptField({ text, setText, textarea, maxHeightPx: 200, submit, enterSends: true });

  // Opening a project puts the caret here, ready for the next message, unless the person
  // already moved focus elsewhere; not on touch screens, where focusing would pop up the keyboard.
  useEffect(() => {
    const idle = document.activeElement === null || document.activeElement === document.body;
    if (idle && window.matchMedia('(pointer: fine)').matches) textarea.current?.focus({ preventScroll: true });
  }, []);

  // A message that could not be sent comes back here, unless the person already typed something new.
  const restored = useRef(0);
  useEffect(() => {
    if (!restore || restore.nonce === restored.current) return;
    restored.current = restore.nonce;
    session.clearRestore();
    if (text.trim()) return;
    setTextRaw(clampPrompt(restore.text));
    images.restore(restore.attachments);
    textarea.current?.focus({ preventScroll: true });
  }, [restore, session, text, images]);

  function submit() {
    if (!canSend) return;
    const element = selected ? { file: selected.file, line: selected.line, column: selected.column } : undefined;
    void session.send(text, { attachments: images.attachments(), element, mode: plan ? 'plan' : 'build' });
    setPlan(null);
    // Optimistic: the message is in the chat now; if it is refused, it comes back into the box.
    setTextRaw('');
    images.clear();
    onSent?.();
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    submit();
  }

  function onPaste(e: ClipboardEvent<HTMLTextAreaElement>) {
    const files = Array.from(e.clipboardData.files).filter((f) => f.type.startsWith('image/'));
    if (files.length && imageUploads) {
      e.preventDefault();
      images.add(files);
      return;
    }
    field.pasteText(e);
  }

  return (
    <form
      onSubmit={onSubmit}
      {...drop.props}
      data-testid="chat-composer"
      className={cn(
        'relative rounded-2xl border bg-card text-card-foreground shadow-sm transition-[border-color,box-shadow] focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/30',
        drop.dragging && 'border-primary ring-[3px] ring-primary/30',
      )}
    >
      {selected ? <ElementChip element={selected} onRemove={() => selectionFor(session.sproutId).clear()} /> : null}
      <DraftImages images={images.images} onRemove={images.remove} />
      <PromptTextarea
        field={field}
        textarea={textarea}
        text={text}
        setText={setText}
        onPaste={onPaste}
        label={empty ? 'Describe what you want to build' : 'Message Sprout'}
        placeholder={empty ? 'Describe what you want to build...' : 'Ask Sprout to change something...'}
        rows={2}
        testId="chat-input"
        className="block max-h-[200px] min-h-16 w-full resize-none bg-transparent px-3.5 pt-3 pb-1 text-base leading-relaxed outline-none placeholder:text-muted-foreground md:text-sm"
      />
      <div className="flex items-center gap-2 px-2 pb-2">
        {imageUploads ? <AttachButton disabled={images.full} onFiles={images.add} /> : null}
        <PlanSwitch on={plan} onChange={setPlan} />
        <PromptHint field={field} className="pl-1.5" truncatedClassName="pl-2" status={running ? <span>Sprout is working…</span> : undefined} />
        <PromptCounter field={field} text={text} testId="chat-counter" />
        {running ? (
          <StopButton stopping={stopping} onStop={() => void session.stop()} />
        ) : (
          <SendButton
            disabled={!canSend}
            sending={sending}
            title={images.failed ? 'Remove the images that did not upload first' : images.uploading ? 'Waiting for images to upload' : undefined}
          />
        )}
      </div>
    </form>
  );
}
