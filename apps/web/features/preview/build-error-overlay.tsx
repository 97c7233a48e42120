'use client';
import { useState } from 'react';
import { toast } from '@/lib/browser/toast';
import { Check, Copy, EyeOff, FileWarning, MessageSquareText } from 'lucide-react';
import { Button } from '@/ui/button';
import { IconHeading } from '@/ui/icon-heading';
import { copyText } from '@/ui/copy-button';
import { formatLocation } from '@sprout/core';
import type { BuildMessage, Sprout } from '@sprout/core/contract';
import { buildErrorsText } from './format';
import { useBuildErrorActions } from './build-error-actions';

const SHOWN = 20;

/**
 * Shown over the preview when the current version does not build: where (file:line:column), what,
 * the offending line, a copy button, and the ways out the project page offers (back to the version
 * before, ask Sprout to fix it), so a broken edit never leaves the person stranded.
 */
export function BuildErrorOverlay({
  errors,
  sprout,
  versionId,
  onDismiss,
}: {
  errors: BuildMessage[];
  sprout: Sprout;
  versionId: string;
  onDismiss: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const Actions = useBuildErrorActions();
  const count = errors.length;

  const copy = async () => {
    if (await copyText(buildErrorsText(errors))) {
      setCopied(true);
      setTimeout(() => setCopied(false), 1800);
      toast.success('Errors copied');
    } else {
      toast.error('Could not copy. Select the errors and copy them yourself.');
    }
  };

  return (
    <div className="absolute inset-0 z-10 flex items-start justify-center overflow-y-auto bg-background/70 p-3 backdrop-blur-sm sm:items-center sm:p-6">
      <section
        role="alert"
        aria-labelledby="preview-build-error-title"
        data-testid="preview-build-error"
        className="grid w-full max-w-2xl gap-4 rounded-xl border border-destructive/30 bg-card p-4 text-card-foreground shadow-lg sm:p-5"
      >
        <IconHeading
          as="header"
          icon={FileWarning}
          tone="destructive"
          titleId="preview-build-error-title"
          title="This version does not build"
          subtitle={<>{count === 1 ? 'There is 1 error' : `There are ${count} errors`} in the code, so the preview cannot start.</>}
        />

        <ol className="grid max-h-[45dvh] gap-2 overflow-y-auto" aria-label="Build errors">
          {errors.slice(0, SHOWN).map((e, i) => {
            const where = formatLocation(e);
            return (
              <li key={i} className="grid gap-1 rounded-lg border bg-muted/40 px-3 py-2 font-mono text-xs" data-testid="preview-build-error-item">
                {where ? (
                  <span className="font-semibold break-all text-destructive" data-testid="preview-build-error-location">
                    {where}
                  </span>
                ) : null}
                <span className="break-words whitespace-pre-wrap text-foreground">{e.message}</span>
                {e.lineText?.trim() ? <code className="block overflow-x-auto whitespace-pre text-muted-foreground">{e.lineText}</code> : null}
              </li>
            );
          })}
          {count > SHOWN ? <li className="px-1 text-xs text-muted-foreground">…and {count - SHOWN} more (copy them all below).</li> : null}
        </ol>

        <p className="flex items-start gap-2 rounded-lg bg-primary/10 px-3 py-2 text-sm">
          <MessageSquareText className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <span>
            {Actions
              ? 'Sprout can fix it (it uses one message), or go back to the version this one was made from. Copy the errors to fix it yourself.'
              : 'Ask Sprout in the chat to fix it — for example “Fix the build error”. Pasting the copied errors helps.'}
          </span>
        </p>

        <footer className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" size="sm" onClick={onDismiss} data-testid="preview-build-error-dismiss">
            <EyeOff aria-hidden="true" /> Hide
          </Button>
          <Button variant="outline" size="sm" onClick={copy} data-testid="preview-build-error-copy">
            {copied ? <Check className="text-primary" aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? 'Copied' : 'Copy errors'}
          </Button>
          {Actions ? <Actions sprout={sprout} versionId={versionId} /> : null}
        </footer>
      </section>
    </div>
  );
}
