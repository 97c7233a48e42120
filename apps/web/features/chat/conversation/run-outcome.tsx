'use client';
import { useState } from 'react';
import { ArrowRight, CircleAlert, CircleCheck, FileSearch, KeyRound, RotateCw, TriangleAlert } from 'lucide-react';
import { Button } from '@/ui/button';
import { AttemptDialog } from './attempt-dialog';
import { Markdown } from './markdown';
import { cn } from '@/lib/cn';
import { versionName } from '@/lib/version-label';
import { formatDuration, formatTokens, modelLabel } from './run-labels';
import type { RunView } from '../session/run-view';
import { useWorkspaceNav } from '@/features/workspace-nav';

/** Three dots while nothing of the reply has arrived yet. */
export function Typing({ label }: { label: string }) {
  return (
    <span className="inline-flex h-5 items-center gap-1" title={label} aria-hidden="true">
      {[0, 150, 300].map((d) => (
        <span key={d} className="size-1.5 rounded-full bg-muted-foreground/60 motion-safe:animate-pulse" style={{ animationDelay: `${d}ms` }} />
      ))}
    </span>
  );
}

/** How a reply ended well: its summary and version, or that nothing changed, and problems the fixes left. */
export function Finished({ view, noText }: { view: RunView; noText: boolean }) {
  const nav = useWorkspaceNav();
  return (
    <div data-testid="run-status" data-status="finished" className="mt-2">
      {view.version || view.summary ? (
        <div data-testid="run-summary" className="flex items-start gap-2 rounded-lg border bg-muted/40 px-3 py-2 text-xs">
          <CircleCheck className="mt-px size-3.5 shrink-0 text-primary" aria-hidden="true" />
          <span className="min-w-0 flex-1">
            {view.summary ? <span className="font-medium text-foreground">{view.summary}</span> : null}
            {view.version ? (
              <span className="text-muted-foreground">
                {view.summary ? ' · ' : ''}
                {versionName(view.version.number)}
              </span>
            ) : null}
          </span>
          {/* On a phone the app is on the other side: the built version is one tap away. */}
          {view.version && nav ? (
            <button
              type="button"
              onClick={nav.showApp}
              data-testid="view-app"
              className="-my-0.5 inline-flex shrink-0 items-center gap-1 rounded-md px-1.5 py-0.5 font-medium text-primary outline-none hover:bg-primary/10 focus-visible:ring-[3px] focus-visible:ring-ring/50 md:hidden"
            >
              View app <ArrowRight className="size-3" aria-hidden="true" />
            </button>
          ) : null}
        </div>
      ) : noText ? (
        <p className="text-xs text-muted-foreground">No changes.</p>
      ) : view.refunded ? (
        <p data-testid="run-not-counted" className="text-xs text-muted-foreground">
          Nothing was changed, so this message was not counted.
        </p>
      ) : null}
      {view.version && view.refunded ? (
        // The offline builder made an app in place of the one asked for, and said so first.
        <p data-testid="run-not-counted" className="mt-1.5 text-xs text-muted-foreground">
          This is not the app you asked for, so this message was not counted.
        </p>
      ) : null}
      {view.remainingIssues > 0 ? (
        <p className="mt-1.5 flex items-start gap-1.5 text-xs text-muted-foreground">
          <TriangleAlert className="mt-px size-3.5 shrink-0 text-warning" aria-hidden="true" />
          {view.remainingIssues} problem{view.remainingIssues === 1 ? '' : 's'} remained after the automatic fixes. Ask Sprout to fix{' '}
          {view.remainingIssues === 1 ? 'it' : 'them'}.
        </p>
      ) : null}
      {view.missingSecrets ? <MissingSecrets names={view.missingSecrets.names} text={view.missingSecrets.text} /> : null}
    </div>
  );
}

/** The secrets the new functions read and nobody set: the reply's sentence asking for them, and a button per name to the Secrets form. */
function MissingSecrets({ names, text }: { names: string[]; text: string }) {
  const nav = useWorkspaceNav();
  return (
    <div data-testid="missing-secrets" className="mt-2 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-sm">
      {text ? <Markdown text={text} /> : <p>Your new functions read secrets nobody has set yet.</p>}
      {nav ? (
        <div className="mt-2 flex flex-wrap gap-2">
          {names.map((name) => (
            <Button key={name} size="sm" variant="outline" className="h-7" onClick={() => nav.addSecret(name)}>
              <KeyRound aria-hidden="true" /> Add {name}
            </Button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** How a reply failed, that nothing was changed or counted, and Retry (only on the newest reply). */
export function Failed({ view, onRetry, retrying }: { view: RunView; onRetry: (() => void) | null; retrying: boolean }) {
  const [attemptOpen, setAttemptOpen] = useState(false);
  const kept = view.error?.code === 'attempt_failed';
  return (
    <div
      data-testid="run-status"
      data-status="failed"
      role="alert"
      className="mt-2 rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2.5 text-sm"
    >
      <p className="flex items-center gap-2 font-medium text-destructive">
        <CircleAlert className="size-4 shrink-0" aria-hidden="true" /> This reply failed
      </p>
      <p data-testid="run-error" className="mt-1 text-sm break-words text-foreground/90">
        {view.error?.message ?? 'Something went wrong.'}
      </p>
      <p className="mt-1 text-xs text-muted-foreground">
        Your project was not changed{view.kind === 'message' && view.error?.refunded ? ' and this message was not counted' : ''}.
      </p>
      {onRetry || kept ? (
        <div className="mt-2 flex flex-wrap gap-2">
          {kept ? (
            <Button size="sm" variant="outline" className="h-8" data-testid="open-attempt" onClick={() => setAttemptOpen(true)}>
              <FileSearch className="size-3.5" aria-hidden="true" /> Open the attempt
            </Button>
          ) : null}
          {onRetry ? (
            <Button size="sm" variant="outline" className="h-8" data-testid="chat-retry" disabled={retrying} onClick={onRetry}>
              <RotateCw className={cn('size-3.5', retrying && 'motion-safe:animate-spin')} aria-hidden="true" /> Retry
            </Button>
          ) : null}
        </div>
      ) : null}
      {kept ? <AttemptDialog runId={view.id} open={attemptOpen} onOpenChange={setAttemptOpen} /> : null}
    </div>
  );
}

/** Model, tokens, duration and fix rounds of a reply. */
export function RunMeta({ view }: { view: RunView }) {
  if (!view.model && view.tokensIn === null) return null;
  const bits: string[] = [];
  if (view.model) bits.push(modelLabel(view.model));
  if (view.tokensIn !== null || view.tokensOut !== null) bits.push(`${formatTokens(view.tokensIn)} in · ${formatTokens(view.tokensOut)} out tokens`);
  const d = view.status === 'running' ? '' : formatDuration(view.durationMs);
  if (d) bits.push(d);
  if (view.fixRounds > 0) bits.push(`${view.fixRounds} fix round${view.fixRounds === 1 ? '' : 's'}`);
  return (
    <p data-testid="run-meta" className="mt-1.5 truncate text-[11px] text-muted-foreground tabular-nums" title={view.model ?? undefined}>
      {bits.join(' · ')}
    </p>
  );
}
