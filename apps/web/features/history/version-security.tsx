'use client';
import type { VersionSecurity } from '@sprout/core/contract';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { cn } from '@/lib/cn';
import { securityNote } from './security-note';

/** The version's kept security check (from publishing it): the headline, and each risk accepted to publish it with its reason. */
export function VersionSecurityNote({ report }: { report: VersionSecurity }) {
  const note = securityNote(report);
  const Icon = note.tone === 'passed' ? ShieldCheck : ShieldAlert;
  return (
    <div className="grid gap-1 border-t px-3 py-2 text-xs" data-testid="version-security" data-tone={note.tone}>
      <p className={cn('flex items-center gap-1.5', note.tone === 'critical' ? 'text-destructive' : 'text-muted-foreground')}>
        <Icon className="size-3.5 shrink-0" aria-hidden="true" />
        <span>{note.headline}</span>
      </p>
      {note.accepted.length ? (
        <ul className="grid gap-0.5 pl-5 text-muted-foreground" aria-label="Risks accepted to publish">
          {note.accepted.map((a) => (
            <li key={a} className="break-words">
              Accepted to publish: {a}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
