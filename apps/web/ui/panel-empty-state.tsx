import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

/** The quiet, centred state a workspace panel shows before it has anything to show. */
export function PanelEmptyState({ icon: Icon, title, children, className }: { icon: LucideIcon; title: string; children?: ReactNode; className?: string }) {
  return (
    <div className={cn('flex h-full min-h-48 flex-col items-center justify-center gap-3 px-6 py-10 text-center', className)}>
      <span className="flex size-12 items-center justify-center rounded-2xl border bg-muted/60 text-muted-foreground">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="grid max-w-sm gap-1">
        <p className="font-medium">{title}</p>
        {children ? <div className="text-sm text-muted-foreground">{children}</div> : null}
      </div>
    </div>
  );
}
