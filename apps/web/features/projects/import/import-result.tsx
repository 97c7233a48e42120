'use client';
import Link from 'next/link';
import { CheckCircle2, TriangleAlert } from 'lucide-react';
import type { ImportedProject } from '@sprout/core/contract';
import { Button } from '@/ui/button';
import { buildText, skippedText } from './import-text';

/** What an import made: whether it builds, what was left out and why, and the way into the project. */
export function ImportResultView({ imported, onClose }: { imported: ImportedProject; onClose: () => void }) {
  const { sprout, skipped, checks } = imported;
  return (
    <div className="grid min-w-0 gap-4" data-testid="import-result">
      <p className="flex items-start gap-2 text-sm" role="status" data-testid="import-result-build">
        {checks.builds ? (
          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        ) : (
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
        )}
        <span className="min-w-0 break-words">{buildText(checks)}</span>
      </p>
      <div className="grid min-w-0 gap-2">
        <p className="text-sm text-muted-foreground">{skippedText(skipped)}</p>
        {skipped.length > 0 ? (
          <ul
            className="grid max-h-56 gap-1.5 overflow-y-auto rounded-md border bg-muted/40 p-3 text-xs"
            aria-label="Not imported"
            data-testid="import-skipped"
          >
            {skipped.map((s, i) => (
              <li key={`${s.path}-${i}`} className="grid min-w-0 gap-0.5">
                <code className="min-w-0 truncate font-mono" title={s.path}>
                  {s.path}
                </code>
                <span className="text-muted-foreground">{s.reason}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onClose}>
          Close
        </Button>
        <Button asChild className="min-w-0 max-w-full" data-testid="import-open-project">
          <Link href={`/build/${encodeURIComponent(sprout.id)}`} onClick={onClose}>
            <span className="truncate">Open {sprout.displayName}</span>
          </Link>
        </Button>
      </div>
    </div>
  );
}
