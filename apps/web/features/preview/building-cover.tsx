'use client';
import { ClipboardList, Sprout } from 'lucide-react';
import { IndeterminateBar } from '@/ui/indeterminate-bar';

/**
 * Over the preview while the first reply plans or builds the app: the project's starter is not what
 * the person asked for, so it is not shown as if it were. Says where the reply is ("Planning…",
 * "Building… writing 8 files", "Checking…").
 */
export function BuildingCover({ label, planning = false }: { label: string; planning?: boolean }) {
  return (
    <div role="status" aria-live="polite" data-testid="preview-building" className="absolute inset-0 z-20 flex items-center justify-center bg-background">
      <div className="grid w-64 justify-items-center gap-3 text-center">
        <span className="flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary motion-safe:animate-pulse" aria-hidden="true">
          <Sprout className="size-5" />
        </span>
        <p className="text-sm font-medium">{planning ? 'Planning your app' : 'Building your app'}</p>
        <p className="text-xs text-muted-foreground" data-testid="preview-building-phase">
          {label}
        </p>
        <IndeterminateBar trackClassName="h-1 w-full rounded-full" />
      </div>
    </div>
  );
}

/** Over the starter while a new project's plan waits in the chat: the app is made when the person presses Build there. */
export function PlanReadyCover() {
  return (
    <div role="status" data-testid="preview-plan-ready" className="absolute inset-0 z-20 flex items-center justify-center bg-background p-6">
      <div className="grid max-w-72 justify-items-center gap-3 text-center">
        <span className="flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary" aria-hidden="true">
          <ClipboardList className="size-5" />
        </span>
        <p className="text-sm font-medium">Your plan is ready</p>
        <p className="text-xs text-muted-foreground">
          Check it in the chat, answer its questions or pick a design, then press Build. Nothing is charged until then.
        </p>
      </div>
    </div>
  );
}
