'use client';
import { useState, type FormEvent } from 'react';
import { KeyRound, Loader2, TriangleAlert } from 'lucide-react';
import type { AccessTokenScope, AccessTokenView } from '@sprout/core/contract';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { CopyButton } from '@/ui/copy-button';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { Skeletons } from '@/ui/skeleton';
import { lastUsedText, scopeLabel, TOKEN_NAME_MAX } from './git-text';
import { useAccessTokens, useCreateAccessToken, useRevokeAccessToken } from './queries';

/** The token just made, shown once with a copy button: it cannot be shown again. */
function NewToken({ token, onDone }: { token: string; onDone: () => void }) {
  return (
    <div role="status" className="grid gap-3 rounded-lg border border-amber-500/50 bg-amber-500/10 p-4" data-testid="new-access-token">
      <p className="flex items-start gap-2 text-sm font-medium">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
        Copy this token now. You will not see it again; anyone who has it can reach your projects with git.
      </p>
      <div className="flex min-w-0 items-center gap-2">
        <code className="min-w-0 flex-1 truncate rounded-md border bg-background px-3 py-2 font-mono text-sm" data-testid="new-access-token-value">
          {token}
        </code>
        <CopyButton text={token} label="Copy token" testId="copy-access-token" />
      </div>
      <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={onDone}>
        I have copied it
      </Button>
    </div>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (token: string) => void }) {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<AccessTokenScope>('read');
  const create = useCreateAccessToken();
  const trimmed = name.trim();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!trimmed || create.isPending) return;
    create.mutate(
      { name: trimmed, scope },
      {
        onSuccess: (made) => {
          setName('');
          onCreated(made.token);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-3" aria-label="Create an access token">
      <div className="grid gap-1.5">
        <Label htmlFor="access-token-name">Token name</Label>
        <Input
          id="access-token-name"
          value={name}
          maxLength={TOKEN_NAME_MAX}
          placeholder="My laptop"
          autoComplete="off"
          data-testid="access-token-name"
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <fieldset className="grid gap-1.5">
        <legend className="mb-1 text-sm font-medium">Access</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {(['read', 'write'] as const).map((s) => (
            <label key={s} className="flex min-h-9 items-center gap-2 text-sm">
              <input
                type="radio"
                name="access-token-scope"
                value={s}
                checked={scope === s}
                onChange={() => setScope(s)}
                data-testid={`access-token-scope-${s}`}
              />
              {scopeLabel(s)}
              <span className="text-muted-foreground">{s === 'read' ? '(clone and pull)' : '(push too)'}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" size="sm" className="justify-self-start" disabled={!trimmed || create.isPending} data-testid="create-access-token">
        {create.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <KeyRound aria-hidden="true" />}
        Create token
      </Button>
    </form>
  );
}

function TokenRow({ token }: { token: AccessTokenView }) {
  const [open, setOpen] = useState(false);
  const revoke = useRevokeAccessToken();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3" data-testid="access-token-row">
      <div className="grid min-w-0 gap-0.5">
        <span className="truncate font-medium">{token.name}</span>
        <span className="text-sm text-muted-foreground">
          {scopeLabel(token.scope)} · {lastUsedText(token.lastUsedAt)}
        </span>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        trigger={
          <Button type="button" variant="outline" size="sm" data-testid="revoke-access-token">
            Revoke
          </Button>
        }
        title={`Revoke "${token.name}"?`}
        description="Git will no longer accept it, at once, wherever it is saved. This cannot be undone."
        confirmLabel="Revoke token"
        confirmTestId="confirm-revoke-access-token"
        pending={revoke.isPending}
        onConfirm={(e) => {
          e.preventDefault();
          revoke.mutate(token.id, { onSettled: () => setOpen(false) });
        }}
      />
    </li>
  );
}

/** Settings → Access tokens: the passwords git asks for when cloning, pulling or pushing a project. */
export function AccessTokensSection() {
  const list = useAccessTokens();
  const [shown, setShown] = useState<string | null>(null);
  return (
    <div className="grid gap-5">
      {shown ? <NewToken token={shown} onDone={() => setShown(null)} /> : <CreateTokenForm onCreated={setShown} />}
      {list.isPending ? (
        <Skeletons label="Loading access tokens" bars={['h-4 w-40', 'h-4 w-28']} />
      ) : list.isError ? (
        <p className="text-sm text-destructive">Could not load your tokens. Reload the page to try again.</p>
      ) : list.data.tokens.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="access-tokens-empty">
          No tokens yet. Create one to clone, pull and push your projects with git.
        </p>
      ) : (
        <ul className="divide-y" aria-label="Your access tokens">
          {list.data.tokens.map((t) => (
            <TokenRow key={t.id} token={t} />
          ))}
        </ul>
      )}
    </div>
  );
}
