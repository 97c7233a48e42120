'use client';
import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * True from the first moment the element is on screen. The workspace keeps every tab mounted
 * (hidden ones with display: none), so panels use this to fetch and load code only once opened.
 */
export function useFirstVisible<T extends Element>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (seen || !el) return;
    if (typeof IntersectionObserver === 'undefined') return setSeen(true);
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setSeen(true);
        io.disconnect();
      }
    });
    io.observe(el);
    return () => io.disconnect();
  }, [seen]);
  return [ref, seen];
}
