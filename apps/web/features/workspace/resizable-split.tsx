'use client';
import { useCallback, useEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { CHAT_WIDTH, CHAT_WIDTH_KEY, clampChatWidth, maxChatWidth, parseStoredWidth, widthForKey } from './split-size';

function storedWidth(): number | null {
  try {
    return parseStoredWidth(localStorage.getItem(CHAT_WIDTH_KEY));
  } catch {
    return null;
  }
}

function storeWidth(width: number): void {
  try {
    localStorage.setItem(CHAT_WIDTH_KEY, String(width));
  } catch {
    // Storage refused: the width holds for this page.
  }
}

/**
 * The chat beside the app, with a separator between them: dragged with the pointer, or focused and
 * moved with the arrow keys (Shift for bigger steps, Home/End to the ends, Enter back to the
 * default). The width is remembered per browser and kept within what the window allows. On phones
 * one side shows at a time (`mobileView`) and there is no separator.
 */
export function ResizableSplit({ chat, main, mobileView }: { chat: ReactNode; main: ReactNode; mobileView: 'chat' | 'main' }) {
  const root = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number>(CHAT_WIDTH.initial);
  const [container, setContainer] = useState<number>(Number.POSITIVE_INFINITY);
  const [dragging, setDragging] = useState(false);
  const drag = useRef<{ startX: number; startWidth: number } | null>(null);

  // After hydration: the remembered width, and the room the window gives.
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const remembered = storedWidth();
    if (remembered !== null) setWidth(remembered);
    const observer = new ResizeObserver(([entry]) => setContainer(entry!.contentRect.width));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const shown = clampChatWidth(width, container);
  const choose = useCallback(
    (next: number) => {
      const w = clampChatWidth(next, container);
      setWidth(w);
      storeWidth(w);
    },
    [container],
  );

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { startX: e.clientX, startWidth: shown };
    setDragging(true);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    setWidth(clampChatWidth(drag.current.startWidth + e.clientX - drag.current.startX, container));
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const next = drag.current.startWidth + e.clientX - drag.current.startX;
    drag.current = null;
    setDragging(false);
    choose(next);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = widthForKey(e.key, e.shiftKey, shown, container);
    if (next === null) return;
    e.preventDefault();
    choose(next);
  };

  return (
    <div ref={root} className="flex min-h-0 flex-1" style={{ '--chat-width': `${shown}px` } as CSSProperties} data-dragging={dragging ? 'true' : undefined}>
      <aside
        aria-label="Chat"
        data-testid="chat-column"
        className={cn(
          'min-h-0 flex-col bg-background md:flex md:w-[var(--chat-width)] md:shrink-0',
          mobileView === 'chat' ? 'flex w-full' : 'hidden',
          dragging && 'select-none',
        )}
      >
        {chat}
      </aside>
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label="Resize the chat"
        aria-controls="workspace-main"
        aria-valuemin={CHAT_WIDTH.min}
        aria-valuemax={maxChatWidth(container)}
        aria-valuenow={shown}
        tabIndex={0}
        data-testid="workspace-separator"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
        onDoubleClick={() => choose(CHAT_WIDTH.initial)}
        className="group relative hidden w-px shrink-0 cursor-col-resize touch-none bg-border outline-none md:block"
      >
        {/* A wider, invisible grip than the 1px line, and a visible one while hovered, dragged or focused. */}
        <span className="absolute inset-y-0 -left-1.5 w-3" aria-hidden="true" />
        <span
          className={cn(
            'absolute inset-y-0 -left-px w-[3px] bg-primary opacity-0 transition-opacity group-hover:opacity-60 group-focus-visible:opacity-100',
            dragging && 'opacity-100',
          )}
          aria-hidden="true"
        />
      </div>
      {/* While dragging, the preview's iframe must not swallow the pointer. */}
      <div id="workspace-main" className={cn('min-h-0 min-w-0 flex-1 md:flex', mobileView === 'main' ? 'flex' : 'hidden', dragging && 'pointer-events-none')}>
        {main}
      </div>
    </div>
  );
}
