'use client';
import { useRef } from 'react';
import { ArrowUp, ImagePlus, LoaderCircle, Square } from 'lucide-react';
import { UPLOAD_IMAGE_TYPES } from '@sprout/core';

const ROUND = 'inline-flex size-8 shrink-0 items-center justify-center outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50';

/** "Attach images" and the file picker it opens. */
export function AttachButton({ disabled, onFiles }: { disabled: boolean; onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={UPLOAD_IMAGE_TYPES.join(',')}
        multiple
        hidden
        data-testid="chat-attach-input"
        onChange={(e) => {
          onFiles(Array.from(e.target.files ?? []));
          e.target.value = '';
        }}
      />
      <button
        type="button"
        onClick={() => input.current?.click()}
        disabled={disabled}
        aria-label="Attach images"
        title="Attach images (PNG, JPEG, WebP or GIF, up to 5 MB)"
        data-testid="chat-attach"
        className={`${ROUND} rounded-lg text-muted-foreground hover:bg-accent hover:text-foreground disabled:opacity-40`}
      >
        <ImagePlus className="size-4" aria-hidden="true" />
      </button>
    </>
  );
}

/** Stop, in place of Send while Sprout writes. */
export function StopButton({ stopping, onStop }: { stopping: boolean; onStop: () => void }) {
  return (
    <button
      type="button"
      onClick={onStop}
      disabled={stopping}
      data-testid="chat-stop"
      aria-label={stopping ? 'Stopping' : 'Stop Sprout'}
      title="Stop"
      className={`${ROUND} rounded-full bg-foreground text-background hover:bg-foreground/85 disabled:opacity-60`}
    >
      {stopping ? (
        <LoaderCircle className="size-4 motion-safe:animate-spin" aria-hidden="true" />
      ) : (
        <Square className="size-3 fill-current" aria-hidden="true" />
      )}
    </button>
  );
}

export function SendButton({ disabled, sending, title }: { disabled: boolean; sending: boolean; title?: string }) {
  return (
    <button
      type="submit"
      data-testid="chat-send"
      disabled={disabled}
      aria-label={sending ? 'Sending message' : 'Send message'}
      title={title}
      className={`${ROUND} rounded-full bg-primary text-primary-foreground shadow-xs hover:bg-primary/90 active:scale-95 disabled:cursor-not-allowed disabled:opacity-40 disabled:active:scale-100`}
    >
      {sending ? <LoaderCircle className="size-4 motion-safe:animate-spin" aria-hidden="true" /> : <ArrowUp className="size-4" aria-hidden="true" />}
    </button>
  );
}
