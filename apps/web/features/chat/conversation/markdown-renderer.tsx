'use client';
import { useState, type ComponentProps, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { Check, Copy } from 'lucide-react';
import { cn } from '@/lib/cn';
import { copyText } from '@/ui/copy-button';

function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (node && typeof node === 'object' && 'props' in node) return textOf((node.props as { children?: ReactNode }).children);
  return '';
}

function CodeBlock({ children, ...props }: ComponentProps<'pre'>) {
  const [copied, setCopied] = useState(false);
  const text = textOf(children).replace(/\n$/, '');
  return (
    <div className="group/code relative my-2 min-w-0">
      <pre
        {...props}
        className="overflow-x-auto rounded-lg border bg-muted/60 px-3 py-2.5 font-mono text-xs leading-relaxed text-foreground [&_code]:bg-transparent [&_code]:p-0"
      >
        {children}
      </pre>
      <button
        type="button"
        onClick={async () => {
          if (await copyText(text)) {
            setCopied(true);
            setTimeout(() => setCopied(false), 1500);
          }
        }}
        aria-label={copied ? 'Copied' : 'Copy code'}
        className="absolute top-1.5 right-1.5 inline-flex size-7 items-center justify-center rounded-md border bg-background/90 text-muted-foreground opacity-0 transition-opacity outline-none group-hover/code:opacity-100 hover:text-foreground focus-visible:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {copied ? <Check className="size-3.5 text-primary" aria-hidden="true" /> : <Copy className="size-3.5" aria-hidden="true" />}
      </button>
    </div>
  );
}

const components: Components = {
  p: ({ node: _n, ...p }) => <p className="my-2 first:mt-0 last:mb-0" {...p} />,
  a: ({ node: _n, ...p }) => (
    <a {...p} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-primary underline underline-offset-2 break-words" />
  ),
  ul: ({ node: _n, ...p }) => <ul className="my-2 list-disc space-y-1 pl-5" {...p} />,
  ol: ({ node: _n, ...p }) => <ol className="my-2 list-decimal space-y-1 pl-5" {...p} />,
  li: ({ node: _n, ...p }) => <li className="pl-0.5 marker:text-muted-foreground" {...p} />,
  h1: ({ node: _n, ...p }) => <h3 className="mt-3 mb-1.5 text-base font-semibold first:mt-0" {...p} />,
  h2: ({ node: _n, ...p }) => <h3 className="mt-3 mb-1.5 text-[0.95rem] font-semibold first:mt-0" {...p} />,
  h3: ({ node: _n, ...p }) => <h4 className="mt-3 mb-1 font-semibold first:mt-0" {...p} />,
  h4: ({ node: _n, ...p }) => <h4 className="mt-2 mb-1 font-semibold first:mt-0" {...p} />,
  blockquote: ({ node: _n, ...p }) => <blockquote className="my-2 border-l-2 pl-3 text-muted-foreground" {...p} />,
  hr: () => <hr className="my-3" />,
  pre: ({ node: _n, ...p }) => <CodeBlock {...p} />,
  code: ({ node: _n, className, ...p }) => <code className={cn('rounded bg-muted px-1 py-0.5 font-mono text-[0.85em] break-words', className)} {...p} />,
  table: ({ node: _n, ...p }) => (
    <div className="my-2 overflow-x-auto rounded-lg border">
      <table className="w-full border-collapse text-xs" {...p} />
    </div>
  ),
  th: ({ node: _n, ...p }) => <th className="border-b bg-muted/60 px-2 py-1.5 text-left font-medium" {...p} />,
  td: ({ node: _n, ...p }) => <td className="border-b px-2 py-1.5 align-top" {...p} />,
  img: ({ node: _n, alt }) => <span className="text-muted-foreground">[{alt || 'image'}]</span>,
};

/**
 * The assistant's prose: GitHub-flavoured markdown, no raw HTML (dropped, never rendered), links
 * open in a new tab, code blocks with a copy button. Loaded on demand by ./markdown (react-markdown
 * and its parsers are ~45 KB gzip).
 */
export default function MarkdownRenderer({ text, className }: { text: string; className?: string }) {
  return (
    <div className={cn('min-w-0 text-sm leading-relaxed break-words', className)}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={components} skipHtml>
        {text}
      </ReactMarkdown>
    </div>
  );
}
