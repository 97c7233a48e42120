import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

/** A section's heading with a round icon before it and a line under it; `children` go at its end (a badge). */
export function IconHeading({
  icon: Icon,
  tone = 'primary',
  large = false,
  titleId,
  title,
  subtitle,
  as: Tag = 'div',
  children,
}: {
  icon: LucideIcon;
  tone?: 'primary' | 'destructive';
  /** A person's or a project's name: bigger, and cut to one line. */
  large?: boolean;
  titleId: string;
  title: ReactNode;
  subtitle: ReactNode;
  as?: 'div' | 'header';
  children?: ReactNode;
}) {
  return (
    <Tag className="flex items-start gap-3">
      <span
        className={cn(
          'flex shrink-0 items-center justify-center rounded-full',
          large ? 'size-10' : 'size-9',
          tone === 'destructive' ? 'bg-destructive/10 text-destructive' : 'bg-primary/15 text-primary',
        )}
      >
        <Icon className={large ? 'size-5' : 'size-4.5'} aria-hidden="true" />
      </span>
      <div className="grid min-w-0 gap-0.5">
        <h2 id={titleId} className={cn('font-semibold', large && 'truncate text-lg')}>
          {title}
        </h2>
        <p className={cn('text-sm text-muted-foreground', large && 'truncate')}>{subtitle}</p>
      </div>
      {children}
    </Tag>
  );
}
