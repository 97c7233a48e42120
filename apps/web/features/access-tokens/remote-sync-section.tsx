'use client';
import { useState, type FormEvent } from 'react';
import { Download, Loader2, Unlink } from 'lucide-react';
import type { RemoteView, Sprout } from '@sprout/core/contract';
import { errorText } from '@/lib/api/error-text';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Field } from '@/ui/field';
import { relativeTime } from '@/ui/relative-time';
import { syncedText } from './git-text';
import { useConnectRemote, useDisconnectRemote, useProjectRemote, usePullRemote } from './remote-queries';

/** The connected remote: its address, when it was last pushed and pulled, what went wrong last, and Pull / Disconnect. */
function ConnectedRemote({ sprout, remote }: { sprout: Sprout; remote: RemoteView }) {
  const pull = usePullRemote(sprout);
  const disconnect = useDisconnectRemote(sprout.id);
  const [confirming, setConfirming] = useState(false);
  const busy = pull.isPending || disconnect.isPending;
  return (
    <div className="grid gap-3" data-testid="git-remote">
      <div className="grid gap-1 rounded-md border bg-muted/40 p-3 text-xs">
        <code className="min-w-0 truncate font-mono text-sm" title={remote.url} data-testid="git-remote-url">
          {remote.url}
        </code>
        <span className="text-muted-foreground" data-testid="git-remote-pushed">
          {syncedText('pushed', remote.lastPushedAt, (iso) => relativeTime(iso))}
          {' · '}
          {syncedText('pulled', remote.lastPulledAt, (iso) => relativeTime(iso))}
        </span>
        {remote.lastError ? (
          <p role="status" className="text-destructive" data-testid="git-remote-error">
            {remote.lastError}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => pull.mutate()} data-testid="git-remote-pull">
          {pull.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
          {pull.isPending ? 'Pulling…' : 'Pull'}
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          trigger={
            <Button type="button" size="sm" variant="ghost" disabled={busy} data-testid="git-remote-disconnect">
              <Unlink aria-hidden="true" />
              Disconnect
            </Button>
          }
          title="Disconnect the remote?"
          description="New versions are no longer pushed to it. The remote keeps what it has, and Sprout forgets its token."
          confirmLabel="Disconnect"
          pending={disconnect.isPending}
          confirmTestId="git-remote-disconnect-confirm"
          onConfirm={(e) => {
            e.preventDefault();
            disconnect.mutate(undefined, { onSettled: () => setConfirming(false) });
          }}
        />
      </div>
    </div>
  );
}

/** The address and token of a remote to connect; a refusal (wrong token, private address…) is said under the form. */
function ConnectForm({ sproutId }: { sproutId: string }) {
  const connect = useConnectRemote(sproutId);
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  const refused = connect.error ? errorText(connect.error, { otherwise: 'Could not connect. Please try again.' }) : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!url.trim()) return;
    // The token leaves the page once, for the API, which keeps it sealed; the field is emptied either way.
    connect.mutate({ url: url.trim(), token: token.trim() }, { onSettled: () => setToken('') });
  };
  return (
    <form className="grid gap-3" onSubmit={submit} noValidate data-testid="git-remote-form">
      <Field
        id="git-remote-url"
        label="Repository address"
        value={url}
        onChange={(e) => setUrl(e.currentTarget.value)}
        placeholder="https://github.com/you/app.git"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        inputMode="url"
        maxLength={500}
        error={refused}
      />
      <Field
        id="git-remote-token"
        label="Access token"
        type="password"
        value={token}
        onChange={(e) => setToken(e.currentTarget.value)}
        autoComplete="off"
        maxLength={500}
        hint="A token of the git host that may write to the repository (GitHub: a fine-grained token with Contents read and write). Leave empty for a public repository you only pull from."
      />
      <Button type="submit" size="sm" className="justify-self-start" disabled={connect.isPending || !url.trim()} data-testid="git-remote-connect">
        {connect.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {connect.isPending ? 'Connecting…' : 'Connect'}
      </Button>
    </form>
  );
}

/** The Git dialog's "Sync with a remote": connect a repository on GitHub, GitLab or any git host; every new version is pushed, Pull brings its commits in. */
export function RemoteSyncSection({ sprout, open }: { sprout: Sprout; open: boolean }) {
  const status = useProjectRemote(sprout.id, open);
  const remote = status.data?.remote;
  return (
    <section className="grid min-w-0 gap-3 border-t pt-4" aria-labelledby="git-remote-heading" data-testid="git-remote-section">
      <div className="grid gap-1">
        <h3 id="git-remote-heading" className="text-sm font-medium">
          Sync with a remote
        </h3>
        <p className="text-xs text-muted-foreground">
          Keep a copy on GitHub, GitLab or any git host: every new version is pushed there, and Pull brings commits made there in as versions.
        </p>
      </div>
      {status.isError ? (
        <p role="alert" className="text-xs text-destructive">
          Could not load the remote: {errorText(status.error)}
        </p>
      ) : status.isPending ? (
        <p className="text-xs text-muted-foreground">Loading…</p>
      ) : remote ? (
        <ConnectedRemote sprout={sprout} remote={remote} />
      ) : (
        <ConnectForm sproutId={sprout.id} />
      )}
    </section>
  );
}
