'use client';
import { useId, useState } from 'react';
import { ChevronRight } from 'lucide-react';
import { cn } from '@/lib/cn';
import { Badge } from '@/ui/badge';
import { RelativeTime } from '@/ui/relative-time';
import type { OutboxEmail } from './app-email';

const STATUS: Record<OutboxEmail['status'], { label: string; className: string; note?: string }> = {
  sent: { label: 'Sent', className: 'border-transparent bg-primary/15 text-primary' },
  sending: { label: 'Sending', className: 'text-foreground' },
  failed: { label: 'Failed', className: 'border-transparent bg-destructive/10 text-destructive' },
  not_sent: { label: 'Not sent', className: 'border-transparent bg-secondary text-secondary-foreground', note: 'Kept here only: no mail server was set up.' },
  unsubscribed: {
    label: 'Unsubscribed',
    className: 'border-transparent bg-warning/20 text-foreground',
    note: 'Not sent: this address unsubscribed from the app’s mail that is not transactional.',
  },
};

/** The dataset's mail, newest first: to whom, what, when and how it went; a row opens to its text. */
export function OutboxList({ emails }: { emails: OutboxEmail[] }) {
  if (emails.length === 0)
    return (
      <p className="text-sm text-muted-foreground" data-testid="outbox-empty">
        No e-mails yet. When the app’s functions send mail, it appears here.
      </p>
    );
  return (
    <ul className="divide-y rounded-lg border" data-testid="outbox-list">
      {emails.map((m) => (
        <OutboxRow key={m.id} email={m} />
      ))}
    </ul>
  );
}

function OutboxRow({ email }: { email: OutboxEmail }) {
  const [open, setOpen] = useState(false);
  const textId = useId();
  const status = STATUS[email.status];
  const problem = email.status === 'failed' ? (email.error ?? 'The mail server did not take it.') : null;
  return (
    <li className="grid gap-1 px-3 py-2 text-sm" data-testid="outbox-email" data-status={email.status}>
      <div className="flex items-start gap-2">
        {/* The subject names the button: a row is found by what the mail was about. */}
        <button
          type="button"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={open ? textId : undefined}
          className="-mx-1 flex min-w-0 flex-1 items-start gap-1 rounded-md px-1 text-left font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          data-testid="outbox-toggle"
        >
          <ChevronRight className={cn('mt-0.5 size-4 shrink-0 text-muted-foreground transition-transform', open && 'rotate-90')} aria-hidden="true" />
          <span className="min-w-0 break-words">{email.subject || '(no subject)'}</span>
        </button>
        <Badge variant="outline" className={cn('shrink-0', status.className)} data-testid="outbox-status">
          {status.label}
        </Badge>
      </div>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 pl-5 text-xs text-muted-foreground">
        <span className="min-w-0 break-all">
          to <span className="text-foreground">{email.to}</span>
        </span>
        <RelativeTime iso={email.createdAt} />
        {email.transactional ? null : (
          <Badge variant="outline" className="font-normal" data-testid="outbox-not-transactional">
            Not transactional
          </Badge>
        )}
      </div>
      {problem ? (
        <p className="break-words pl-5 text-xs text-destructive" data-testid="outbox-error">
          {problem}
        </p>
      ) : status.note ? (
        <p className="pl-5 text-xs text-muted-foreground">{status.note}</p>
      ) : null}
      {open ? (
        // Focusable so a long text scrolls from the keyboard too.
        <pre
          id={textId}
          tabIndex={0}
          className="ml-5 max-h-80 overflow-auto whitespace-pre-wrap break-words rounded bg-muted p-2 font-sans text-sm"
          data-testid="outbox-text"
        >
          {email.text}
        </pre>
      ) : null}
    </li>
  );
}
