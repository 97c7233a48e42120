'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { paywallUpgradeHref } from '@/features/billing';
import { messagesLeftNote, useUsage } from '@/features/usage';
import { cn } from '@/lib/cn';

/** "2 messages left today" under the composer when 2 or fewer remain, with the way to more. */
export function MessagesLeft() {
  const usage = useUsage();
  const pathname = usePathname();
  const note = usage.data ? messagesLeftNote(usage.data) : null;
  if (!note) return null;
  return (
    <p data-testid="messages-left" data-left={note.left} className="mt-1.5 flex items-center justify-center gap-1.5 text-xs" role="status">
      <span className={cn(note.left === 0 ? 'font-medium text-destructive' : 'text-muted-foreground')}>{note.text}</span>
      <span aria-hidden="true" className="text-muted-foreground">
        ·
      </span>
      <Link
        href={paywallUpgradeHref('upgradeMessages', pathname, new URLSearchParams())}
        className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        data-testid="messages-left-upgrade"
      >
        Get more
      </Link>
    </p>
  );
}
