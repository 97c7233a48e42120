'use client';
import { SECRET_NAME } from '@sprout/core';
import type { Dataset } from '@sprout/core/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { KeyRound, Loader2, Trash2 } from 'lucide-react';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { QueryLoadError } from '@/ui/load-error';
import { RelativeTime } from '@/ui/relative-time';
import { Skeletons } from '@/ui/skeleton';
import { useDeleteSecret, useSaveSecret, useSecrets } from './queries';

/**
 * The dataset's secrets (what functions read as ctx.env): names and the last 4 characters only, a
 * form to add one or replace its value, and delete. A value once saved is never shown again.
 */
/** A secret's name to fill in, once per request (a new object): the value field takes the focus for the person to paste it. */
export interface SecretPrefill {
  name: string;
}

export function SecretsSection({
  sproutId,
  dataset,
  enabled,
  prefill,
}: {
  sproutId: string;
  dataset: Dataset;
  enabled: boolean;
  prefill: SecretPrefill | null;
}) {
  const secrets = useSecrets(sproutId, dataset, { enabled });
  const save = useSaveSecret(sproutId, dataset);
  const remove = useDeleteSecret(sproutId, dataset);
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const valueField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!prefill) return;
    setName(prefill.name);
    setProblem(null);
    // After the tab that holds the panel has been shown.
    const frame = requestAnimationFrame(() => {
      valueField.current?.scrollIntoView({ block: 'center' });
      valueField.current?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [prefill]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const cleaned = name.trim().toUpperCase();
    if (!SECRET_NAME.test(cleaned)) return setProblem('Use capital letters, digits and _, starting with a letter (STRIPE_KEY).');
    if (!value) return setProblem('Paste the value to keep secret.');
    setProblem(null);
    save.mutate({ name: cleaned, value }, { onSuccess: () => (setName(''), setValue('')) });
  };

  let list;
  if (secrets.isError && !secrets.data) list = <QueryLoadError query={secrets} layout="box" title="The secrets did not load" />;
  else if (!secrets.data) list = <Skeletons label="Loading secrets" busy={enabled} bars={['h-9 w-full']} />;
  else if (secrets.data.secrets.length === 0)
    list = (
      <p className="text-sm text-muted-foreground" data-testid="secrets-empty">
        No {dataset} secrets yet. Add the API keys your functions need: they read them as <code>ctx.env.NAME</code>, and no page ever sees them.
      </p>
    );
  else
    list = (
      <ul className="divide-y rounded-lg border" data-testid="secret-list">
        {secrets.data.secrets.map((s) => (
          <li key={s.name} className="flex items-center gap-2 px-3 py-1.5 text-sm" data-testid="secret">
            <KeyRound className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="min-w-0 flex-1 truncate font-mono">{s.name}</span>
            <span className="shrink-0 font-mono text-xs text-muted-foreground" aria-label={s.hint ? `ends in ${s.hint}` : 'value hidden'}>
              ••••{s.hint}
            </span>
            <RelativeTime iso={s.updatedAt} prefix="set" className="hidden shrink-0 text-xs text-muted-foreground sm:inline" />
            <Button variant="ghost" size="icon" className="size-8 shrink-0" aria-label={`Delete ${s.name}`} onClick={() => setConfirming(s.name)}>
              <Trash2 aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
    );

  return (
    <section aria-labelledby="secrets-heading" className="grid gap-3" data-testid="secrets-panel">
      <h2 id="secrets-heading" className="text-sm font-semibold">
        Secrets <span className="font-normal text-muted-foreground">({dataset === 'test' ? 'test: the preview’s' : 'live: the published app’s'})</span>
      </h2>
      {list}
      <form onSubmit={submit} className="grid gap-2 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)_auto] sm:items-end" aria-label="Add or replace a secret">
        <div className="grid gap-1.5">
          <Label htmlFor="secret-name">Name</Label>
          <Input
            id="secret-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="STRIPE_KEY"
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="secret-value">Value</Label>
          <Input
            ref={valueField}
            id="secret-value"
            type="password"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            autoComplete="off"
            maxLength={8192}
          />
        </div>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Save secret
        </Button>
        {problem ? (
          <p role="alert" className="text-sm text-destructive sm:col-span-3" data-testid="secret-problem">
            {problem}
          </p>
        ) : null}
      </form>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Delete ${confirming ?? 'this secret'}?`}
        description="Functions that read it get nothing until you add it again."
        confirmLabel="Delete secret"
        pending={remove.isPending}
        onConfirm={() => {
          if (confirming) remove.mutate(confirming);
          setConfirming(null);
        }}
      />
    </section>
  );
}
