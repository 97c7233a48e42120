'use client';
import { MessageOffer } from './message-offer';

const IDS = { region: 'first-prompt-confirm', text: 'first-prompt-text', send: 'first-prompt-send', cancel: 'first-prompt-cancel' };

/**
 * A message the address brought (`/build/{id}?prompt=`) that this tab's create flow did not put
 * there — a link on another site, a typed address, a link through the sign-in page: shown as it would
 * be sent, and sent only when the person says so (a message counts toward their plan).
 */
export function FirstPromptBanner({ text, running, onSend, onCancel }: { text: string; running: boolean; onSend: () => void; onCancel: () => void }) {
  return (
    <MessageOffer
      ids={IDS}
      label="Message from a link"
      title="Send this message to your project?"
      note="A link opened this project with it. It counts as one of your messages once sent."
      text={text}
      sendLabel="Send message"
      cancelLabel="Cancel"
      running={running}
      onSend={onSend}
      onCancel={onCancel}
    />
  );
}
