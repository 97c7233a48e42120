'use client';
import type { ReactNode } from 'react';
import { Send, X } from 'lucide-react';
import { Button } from '@/ui/button';

/** The test ids of one offer's parts (outside checks find each banner by them). */
export interface MessageOfferIds {
  region: string;
  text: string;
  send: string;
  cancel: string;
}

/**
 * A message offered above the composer, shown as it would be sent, that goes only when the person
 * says so: one from a link, one the plan limit held back. Sending counts toward their plan.
 */
export function MessageOffer(props: {
  ids: MessageOfferIds;
  label: string;
  title: string;
  note?: ReactNode;
  text: string;
  sendLabel: string;
  cancelLabel: string;
  running: boolean;
  onSend: () => void;
  onCancel: () => void;
}) {
  const { ids } = props;
  return (
    <div data-testid={ids.region} role="region" aria-label={props.label} className="mb-2 rounded-xl border border-primary/40 bg-primary/5 p-3 text-sm">
      <p className="font-medium">{props.title}</p>
      {props.note ? <p className="mt-0.5 text-xs text-muted-foreground">{props.note}</p> : null}
      <p
        data-testid={ids.text}
        className="mt-2 max-h-24 overflow-y-auto rounded-lg border bg-background/60 px-2.5 py-1.5 text-xs break-words whitespace-pre-wrap"
      >
        {props.text}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button size="sm" className="h-8" onClick={props.onSend} disabled={props.running} data-testid={ids.send}>
          <Send aria-hidden="true" /> {props.sendLabel}
        </Button>
        <Button size="sm" variant="ghost" className="h-8" onClick={props.onCancel} data-testid={ids.cancel}>
          <X aria-hidden="true" /> {props.cancelLabel}
        </Button>
      </div>
    </div>
  );
}
