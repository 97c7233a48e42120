'use client';
import { lazy, memo, Suspense } from 'react';
import { cn } from '@/lib/cn';
import { closeOpenMarkdown, plainMarkdown } from './streaming-markdown';

// The markdown renderer (react-markdown, GFM, their parsers: ~45 KB gzip) is not part of the project
// page's first load: the page becomes interactive without it, and it is fetched as soon as the
// browser is idle, well before most replies arrive. Until then a reply shows as plain paragraphs.
const load = () => import('./markdown-renderer');
const MarkdownRenderer = lazy(load);
if (typeof window !== 'undefined') {
  if (window.requestIdleCallback) window.requestIdleCallback(() => void load(), { timeout: 1000 });
  else setTimeout(() => void load(), 1);
}

/** The same text without its marks, in the renderer's box: what shows for the moment the renderer loads. */
function PlainText({ text, className }: { text: string; className?: string }) {
  return <div className={cn('min-w-0 text-sm leading-relaxed break-words whitespace-pre-wrap', className)}>{plainMarkdown(text)}</div>;
}

/**
 * The assistant's prose as GitHub-flavoured markdown (./markdown-renderer). Memoised per text so
 * that while a reply streams only its last paragraph group re-renders; what the stream has opened
 * and not yet closed (`**bold`) is closed for display (./streaming-markdown), so no raw marks flash.
 */
export const Markdown = memo(function Markdown({ text, className }: { text: string; className?: string }) {
  const shown = closeOpenMarkdown(text);
  return (
    <Suspense fallback={<PlainText text={shown} className={className} />}>
      <MarkdownRenderer text={shown} className={className} />
    </Suspense>
  );
});
