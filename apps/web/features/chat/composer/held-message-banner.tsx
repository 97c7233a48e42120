'use client';
import { useEffect, useState } from 'react';
import { heldMessage, releaseHeldMessage } from '@/features/paywall';
import type { ChatSession } from '../session/chat-session';
import { MessageOffer } from './message-offer';

const IDS = { region: 'held-message', text: 'held-message-text', send: 'held-message-send', cancel: 'held-message-discard' };

/**
 * Back from pricing or checkout: the message the plan limit stopped is offered to send,
 * as it was written. Sending it lets it go once it is accepted (../session/chat-sender); a second limit keeps it.
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
    <MessageOffer
      ids={IDS}
      label="Your message from before"
      title="Your message is ready to send"
      text={text}
      sendLabel="Send it now"
      cancelLabel="Discard"
      running={running}
      onSend={() => void send()}
      onCancel={discard}
    />
  );
}
