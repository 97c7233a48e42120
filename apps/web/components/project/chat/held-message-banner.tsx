'use client';
import { useEffect, useState } from 'react';
import { Send, X } from 'lucide-react';
import { heldMessage, releaseHeldMessage } from '@/lib/client/held-message';
import { Button } from '@/components/ui/button';
import type { ChatSession } from './chat-session';

/**
 * Back from pricing or checkout (issue 19 §5): the message the plan limit stopped is offered to send,
 * as it was written. Sending it lets it go once it is accepted (./chat-sender); a second limit keeps it.
 */
export function HeldMessageBanner({ session, running }: { session: ChatSession; running: boolean }) {
  const [text, setText] = useState<string | null>(null);
  // Read after mount: sessionStorage is the browser's.
  useEffect(() => setText(heldMessage(session.sproutId)?.text ?? null), [session.sproutId]);
  if (!text) return null;

  async function send() {
    const held = text!;
    setText(null);
    // Refused again (still at the limit): it stays held and comes back here on the next visit.
    await session.send(held);
  }

  function discard() {
    releaseHeldMessage(session.sproutId);
    setText(null);
  }

  return (
    <div
      data-testid="held-message"
      role="region"
      aria-label="Your message from before"
      className="mb-2 rounded-xl border border-primary/40 bg-primary/5 p-3 text-sm"
    >
      <p className="font-medium">Your message is ready to send</p>
      <p data-testid="held-message-text" className="mt-1 line-clamp-3 text-xs break-words whitespace-pre-wrap text-muted-foreground">
        {text}
      </p>
      <div className="mt-2 flex gap-2">
        <Button size="sm" className="h-8" onClick={() => void send()} disabled={running} data-testid="held-message-send">
          <Send aria-hidden="true" /> Send it now
        </Button>
        <Button size="sm" variant="ghost" className="h-8" onClick={discard} data-testid="held-message-discard">
          <X aria-hidden="true" /> Discard
        </Button>
      </div>
    </div>
  );
}
