import { cn } from '@/lib/cn';

/**
 * Text that, when there is no room, loses its middle rather than its end: `head` shrinks with an
 * ellipsis, `tail` stays whole (split them with lib/middle-truncate). Screen readers and copy read
 * the whole text; `title` shows it on hover.
 */
export function MiddleText({
  head,
  tail,
  className,
  headClassName,
  tailClassName,
  title,
}: {
  head: string;
  tail: string;
  className?: string;
  headClassName?: string;
  tailClassName?: string;
  title?: string;
}) {
  return (
    <span className={cn('flex min-w-0', className)} title={title ?? head + tail}>
      {head ? <span className={cn('min-w-0 truncate whitespace-pre', headClassName)}>{head}</span> : null}
      {tail ? <span className={cn('max-w-full shrink-0 truncate whitespace-pre', tailClassName)}>{tail}</span> : null}
    </span>
  );
}
