'use client';
import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/browser/toast';
import { Loader2 } from 'lucide-react';
import { DISPLAY_NAME_MAX, normalizeDisplayName } from '@sprout/core';
import { useRouter } from 'next/navigation';
import { useAppServices } from '@/lib/api/services';
import { syncServerSession } from '@/lib/api/session-sync';
import { ApiError } from '@/lib/api/client';
import { errorText, hasStatus } from '@/lib/api/error-text';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { meQueryKey } from '@/lib/api/profile';
import { useAccountCalls } from './queries';

export function DisplayNameForm({ initialName }: { initialName: string }) {
  const { identity, config } = useAppServices();
  const calls = useAccountCalls();
  const router = useRouter();
  const qc = useQueryClient();
  const [saved, setSaved] = useState(initialName);
  const [value, setValue] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const save = useMutation({
    mutationFn: async (displayName: string) => {
      const me = await calls.setDisplayName(displayName);
      // Server-rendered parts read the name from the session's ID token: get a fresh token and hand
      // it to the server before saying "saved", so a reload right after shows the new name too. The
      // name is saved either way; a failed hand-over is retried by the next page load.
      await identity
        .getIdToken(true)
        .then((token) => syncServerSession(config.loginEndpoint, token))
        .catch((err: Error) => console.error(err.message));
      return me;
    },
    onSuccess: (me) => {
      identity.updateUser({ displayName: me.displayName });
      qc.setQueryData(meQueryKey, me);
      setSaved(me.displayName);
      setValue(me.displayName);
      toast.success('Your name is saved');
      router.refresh();
    },
    onError: (err) => {
      const field = err instanceof ApiError ? (err.body.fields as { message: string }[] | undefined)?.[0]?.message : undefined;
      const message = field ?? errorText(err, { status: 'none', otherwise: 'Could not save your name. Please try again.' });
      if (hasStatus(err, 400)) setError(message);
      else toast.error(message);
    },
  });

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const result = normalizeDisplayName(value);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    if (result.value === saved) {
      setValue(result.value);
      return;
    }
    save.mutate(result.value);
  }

  const unchanged = value.trim() === saved;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  return (
    <form onSubmit={submit} noValidate className="grid gap-3" data-testid="display-name-form">
      <div className="grid gap-1.5">
        <Label htmlFor={id}>Display name</Label>
        <Input
          id={id}
          name="displayName"
          value={value}
          autoComplete="name"
          data-testid="settings-display-name"
          aria-invalid={!!error}
          aria-describedby={error ? errorId : hintId}
          onChange={(e) => {
            setValue(e.target.value);
            if (error) setError(null);
          }}
        />
        {error ? (
          <p id={errorId} className="text-sm text-destructive" data-testid="display-name-error" role="alert">
            {error}
          </p>
        ) : (
          <p id={hintId} className="text-xs text-muted-foreground">
            Shown in the app and to people you share projects with. Up to {DISPLAY_NAME_MAX} characters.
          </p>
        )}
      </div>
      <Button type="submit" className="justify-self-start" disabled={save.isPending || unchanged} data-testid="save-display-name">
        {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        Save name
      </Button>
    </form>
  );
}
