'use client';
import { useCallback, useEffect, useRef, useState } from 'react';

const NEAR_BOTTOM_PX = 40;

/**
 * Keeps a scroll container pinned to its bottom while its content grows (a streaming reply), until
 * the person scrolls up: then it stays where they are and `away` turns true (show "jump to latest").
 * Scrolling back to the bottom, or calling `toBottom`, pins it again.
 */
export function useStickToBottom() {
  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const [away, setAway] = useState(false);

  useEffect(() => {
    const el = scrollRef.current;
    const inner = contentRef.current;
    if (!el || !inner) return;
    const distance = () => el.scrollHeight - el.scrollTop - el.clientHeight;
    // Set for a moment after the person wheels, touches, drags the scrollbar or presses a scroll key.
    let userScrolling = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const intent = () => {
      userScrolling = true;
      clearTimeout(timer);
      timer = setTimeout(() => (userScrolling = false), 300);
    };
    const onScroll = () => {
      // Only the person unpins; content growth and our own scrolling never do.
      if (distance() <= NEAR_BOTTOM_PX) pinned.current = true;
      else if (userScrolling) pinned.current = false;
      setAway(!pinned.current);
    };
    const onKey = (e: KeyboardEvent) => {
      if (['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' '].includes(e.key)) intent();
    };
    const follow = () => {
      if (pinned.current) el.scrollTop = el.scrollHeight;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    el.addEventListener('wheel', intent, { passive: true });
    el.addEventListener('touchmove', intent, { passive: true });
    el.addEventListener('pointerdown', intent);
    el.addEventListener('keydown', onKey);
    const ro = new ResizeObserver(follow);
    ro.observe(inner);
    ro.observe(el);
    el.scrollTop = el.scrollHeight;
    return () => {
      clearTimeout(timer);
      ro.disconnect();
      el.removeEventListener('scroll', onScroll);
      el.removeEventListener('wheel', intent);
      el.removeEventListener('touchmove', intent);
      el.removeEventListener('pointerdown', intent);
      el.removeEventListener('keydown', onKey);
    };
  }, []);

  const toBottom = useCallback((smooth = true) => {
    const el = scrollRef.current;
    if (!el) return;
    pinned.current = true;
    setAway(false);
    const reduce = typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollTo({ top: el.scrollHeight, behavior: smooth && !reduce ? 'smooth' : 'auto' });
  }, []);

  return { scrollRef, contentRef, away, toBottom };
}
