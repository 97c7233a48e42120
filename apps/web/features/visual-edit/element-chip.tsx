'use client';
import { MousePointerClick, X } from 'lucide-react';
import type { PickedElement } from '@sprout/core';

/** The element selected in the preview, above the chat input: the next message is about it. */
export function ElementChip({ element, onRemove }: { element: PickedElement; onRemove: () => void }) {
  const name = `${element.component ? `${element.component} · ` : ''}<${element.tag}>`;
  return (
    <div className="flex px-2.5 pt-2.5">
      <span
        data-testid="composer-element"
        className="inline-flex max-w-full items-center gap-1.5 rounded-full border bg-primary/10 py-0.5 pr-1 pl-2 text-xs text-foreground"
      >
        <MousePointerClick className="size-3.5 shrink-0 text-primary" aria-hidden="true" />
        <span className="truncate">
          About <code>{name}</code>
        </span>
        <button
          type="button"
          aria-label={`Stop sending ${name} with the message`}
          onClick={onRemove}
          className="grid size-5 place-items-center rounded-full outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
        >
          <X className="size-3" aria-hidden="true" />
        </button>
      </span>
    </div>
  );
}
