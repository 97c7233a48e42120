'use client';
import type { ReactNode } from 'react';
import { AlertCircle, RotateCw, type LucideIcon } from 'lucide-react';
import { Button } from './button';
import { loadErrorText } from '@/lib/api/error-text';
import { cn } from '@/lib/cn';

export interface LoadErrorProps {
  /** What did not load ("The files did not load"). */
  title?: ReactNode;
  /** A page whose whole content is this error names it as its heading. */
  titleAs?: 'p' | 'h1';
  /** Why (usually `errorText(query.error, …)`). */
  message?: ReactNode;
  onRetry: () => void;
  /** The retry is under way: the button spins and waits. */
  retrying?: boolean;
  retryLabel?: 'Try again' | 'Retry';
  /**
   * centred: a panel's or a page's whole area; box: a section's place in a page; banner: one row
   * above content that may still be shown (the chat keeps its messages).
   */
  layout?: 'centred' | 'box' | 'banner';
  icon?: LucideIcon;
  /** A quiet badge instead of a red one, for a state that is not the person's problem (the preview offline). */
  quiet?: boolean;
  as?: 'div' | 'main';
  className?: string;
  testId?: string;
  messageTestId?: string;
  retryTestId?: string;
}

// Per layout: the block, its text column, the icon (a round badge when centred; in the title of a
// box), and the message under the title.
const STYLE = {
  centred: {
    block: 'flex flex-col items-center justify-center gap-3 text-center',
    text: 'max-w-md',
    icon: 'size-10 shrink-0 rounded-full p-2.5',
    message: 'text-sm',
  },
  box: {
    block: 'flex flex-col items-start gap-3 rounded-xl border border-destructive/30 bg-destructive/5 p-5 text-sm',
    text: '',
    icon: 'hidden',
    message: 'text-sm',
  },
  banner: {
    block: 'flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2.5 text-sm',
    text: 'flex-1 gap-0',
    icon: 'mt-0.5 size-4 shrink-0',
    message: 'text-xs',
  },
};

/** The one way a panel or page says that its data did not load, why, and offers to try again. */
export function LoadError({
  title,
  titleAs: Title = 'p',
  message,
  onRetry,
  retrying = false,
  retryLabel = 'Try again',
  layout = 'centred',
  icon: Icon = AlertCircle,
  quiet = false,
  as: Tag = 'div',
  className,
  testId,
  messageTestId,
  retryTestId,
}: LoadErrorProps) {
  const style = STYLE[layout];
  const centred = layout === 'centred';
  return (
    <Tag role="alert" data-testid={testId} className={cn(style.block, className)}>
      <Icon
        className={cn(style.icon, quiet ? 'border bg-muted/60 text-muted-foreground' : cn('text-destructive', centred && 'bg-destructive/10'))}
        aria-hidden="true"
      />
      <div className={cn('grid min-w-0 gap-1', style.text)}>
        {title ? (
          <Title className={cn('font-medium', Title === 'h1' && 'text-lg font-semibold', layout === 'box' && 'flex items-center gap-2')}>
            {layout === 'box' ? <Icon className="size-4 shrink-0 text-destructive" aria-hidden="true" /> : null}
            {title}
          </Title>
        ) : null}
        {message ? (
          <p className={cn('break-words', title && cn(style.message, 'text-muted-foreground'))} data-testid={messageTestId}>
            {message}
          </p>
        ) : null}
      </div>
      <Button variant="outline" size="sm" className={layout === 'banner' ? 'h-7' : undefined} onClick={onRetry} disabled={retrying} data-testid={retryTestId}>
        <RotateCw className={retrying ? 'motion-safe:animate-spin' : undefined} aria-hidden="true" /> {retryLabel}
      </Button>
    </Tag>
  );
}

/** A failed query, as TanStack Query gives it. */
interface FailedQuery {
  error: unknown;
  refetch: () => unknown;
  isFetching: boolean;
}

/** LoadError for a query: its error in words (`describe`, a panel's wording by default), its refetch as the retry. */
export function QueryLoadError({
  query,
  describe = loadErrorText,
  ...props
}: Omit<LoadErrorProps, 'message' | 'onRetry' | 'retrying'> & { query: FailedQuery; describe?: (err: unknown) => string }) {
  return <LoadError {...props} message={describe(query.error)} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
}
