'use client';
import { memo } from 'react';
import { Clock, Hammer } from 'lucide-react';
import { Thumbnail } from '../composer/attachments';
import type { ChatItem } from './turns';

/** What the person wrote, on the right; "Sending…" until the server accepted it. */
export const UserMessage = memo(function UserMessage({ item }: { item: Extract<ChatItem, { kind: 'user' }> }) {
  const sending = item.status === 'sending';
  return (
    <li className="flex flex-col items-end gap-1.5" data-testid="chat-message" data-role="user" data-pending={sending ? 'true' : undefined}>
      {item.attachments.length ? (
        <div className="flex max-w-[85%] flex-wrap justify-end gap-1.5">
          {item.attachments.map((a) => (
            <Thumbnail key={a.uploadId} attachment={a} />
          ))}
        </div>
      ) : null}
      {item.planBuild ? (
        <p className="flex items-center gap-1 text-xs font-medium text-muted-foreground" data-testid="plan-build-message">
          <Hammer className="size-3" aria-hidden="true" />
          Build from the plan
        </p>
      ) : null}
      <div className="max-w-[85%] rounded-2xl rounded-br-md bg-primary px-3.5 py-2 text-sm whitespace-pre-wrap text-primary-foreground shadow-xs">
        <p className="break-words">{item.text}</p>
      </div>
      {sending ? (
        <p className="flex items-center gap-1 text-xs text-muted-foreground" role="status">
          <Clock className="size-3" aria-hidden="true" /> Sending…
        </p>
      ) : null}
    </li>
  );
});
