'use client';
import type { Dataset } from '@sprout/core/contract';
import { QueryLoadError } from '@/ui/load-error';
import { Skeletons } from '@/ui/skeleton';
import { AppEmailForm } from './app-email-form';
import { AppEmailUse } from './app-email-use';
import { OutboxList } from './outbox-list';
import { useAppEmail, useOutbox } from './queries';

/**
 * The app's mail (ctx.email.send in its functions) as its owner sees it: the day's count against the
 * quota and the Outbox of the dataset shown, and the sender name and reply-to, which the preview and
 * the published app share.
 */
export function AppEmailSection({
  sproutId,
  projectName,
  dataset,
  enabled,
  live,
}: {
  sproutId: string;
  projectName: string;
  dataset: Dataset;
  enabled: boolean;
  live: boolean;
}) {
  const email = useAppEmail(sproutId, { enabled, live });
  const outbox = useOutbox(sproutId, dataset, { enabled, live });

  let body;
  if (email.isError && !email.data) body = <QueryLoadError query={email} layout="box" title="The app’s e-mail settings did not load" />;
  else if (!email.data) body = <Skeletons label="Loading the app’s e-mail settings" busy={enabled} bars={['h-5 w-full sm:w-80', 'h-16 w-full', 'h-10 w-20']} />;
  else
    body = (
      <>
        <AppEmailUse settings={email.data} dataset={dataset} />
        <AppEmailForm sproutId={sproutId} settings={email.data} projectName={projectName} />
      </>
    );

  let list;
  if (outbox.isError && !outbox.data) list = <QueryLoadError query={outbox} layout="box" title="The Outbox did not load" />;
  else if (!outbox.data) list = <Skeletons label="Loading the Outbox" busy={enabled} bars={['h-14 w-full rounded-lg', 'h-14 w-full rounded-lg']} />;
  else list = <OutboxList emails={outbox.data.emails} />;

  return (
    <section aria-labelledby="app-email-heading" className="grid gap-3" data-testid="app-email-section">
      <h2 id="app-email-heading" className="text-sm font-semibold">
        E-mail
      </h2>
      <p className="text-sm text-muted-foreground">
        Your app’s functions send mail with <code>ctx.email.send</code>, under the app’s name from Sprout’s address
        {email.data ? (
          <>
            {' '}
            <span className="break-all font-medium text-foreground">{email.data.fromAddress}</span>
          </>
        ) : null}
        ; every mail is kept in the Outbox below.
      </p>
      {body}
      <section aria-labelledby="outbox-heading" className="grid gap-2" data-testid="outbox">
        <h3 id="outbox-heading" className="text-sm font-semibold">
          Outbox
        </h3>
        <p className="text-xs text-muted-foreground">
          {dataset === 'test' ? 'The preview’s mail (test)' : 'The published app’s mail (live)'}, newest first; the last 100 are shown.
        </p>
        {list}
      </section>
    </section>
  );
}
