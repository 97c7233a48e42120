'use client';
import { useState, type FormEvent } from 'react';
import type { CustomDomain } from '@sprout/core/contract';
import { Check, Copy, Loader2, RefreshCw, Star, Trash2 } from 'lucide-react';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { copyText } from '@/ui/copy-button';
import { errorText, paywallOf } from '@/lib/api/error-text';
import { toast } from '@/lib/browser/toast';
import { nextStep, recordTypeLabel, statusLabel, typedDomain } from './domain-text';
import { useAddDomain, useCustomDomains, useRemoveDomain, useSetPrimaryDomain, useVerifyDomain } from './queries';

function CopyValue({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className="size-7 shrink-0"
      aria-label={copied ? 'Copied' : label}
      onClick={async () => {
        if (await copyText(text)) {
          setCopied(true);
          toast.success('Copied');
        } else toast.error('Could not copy. Select the text and copy it yourself.');
      }}
      onBlur={() => setCopied(false)}
    >
      {copied ? <Check className="text-primary" /> : <Copy />}
    </Button>
  );
}

/** The records to create, one card each (type, name, value), with a copy button for each name and value: readable at 375 px. */
function RecordsTable({ domain }: { domain: CustomDomain }) {
  return (
    <div className="grid gap-2" data-testid="domain-records">
      <p className="text-xs text-muted-foreground">Create these records at your DNS host:</p>
      <ul className="grid gap-2">
        {domain.records.map((r) => (
          <li key={`${r.type}:${r.name}`} className="grid gap-1 rounded-md border bg-muted/40 p-2 text-xs" data-testid="domain-record">
            <span className="font-semibold" data-testid="domain-record-type">
              {recordTypeLabel(r.type)}
            </span>
            <span className="flex min-w-0 items-center gap-1">
              <span className="w-10 shrink-0 text-muted-foreground">Name</span>
              <code className="min-w-0 truncate font-mono" title={r.name}>
                {r.name}
              </code>
              <CopyValue text={r.name} label={`Copy the ${r.type} record's name`} />
            </span>
            <span className="flex min-w-0 items-center gap-1">
              <span className="w-10 shrink-0 text-muted-foreground">Value</span>
              <code className="min-w-0 truncate font-mono" title={r.value} data-testid="domain-record-value">
                {r.value}
              </code>
              <CopyValue text={r.value} label={`Copy the ${r.type} record's value`} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function DomainItem({ sproutId, domain }: { sproutId: string; domain: CustomDomain }) {
  const verify = useVerifyDomain(sproutId);
  const primary = useSetPrimaryDomain(sproutId);
  const remove = useRemoveDomain(sproutId);
  const [confirming, setConfirming] = useState(false);
  const step = nextStep(domain);
  const busy = verify.isPending || primary.isPending || remove.isPending;
  return (
    <li className="grid gap-3 rounded-lg border p-3" data-testid="custom-domain" data-domain={domain.domain} data-status={domain.status}>
      <div className="flex flex-wrap items-center gap-2">
        <a href={domain.url} target="_blank" rel="noreferrer" className="min-w-0 truncate font-mono text-sm font-medium underline-offset-4 hover:underline">
          {domain.domain}
        </a>
        <span
          className={
            domain.status === 'verified'
              ? 'rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary'
              : 'rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground'
          }
          data-testid="custom-domain-status"
        >
          {statusLabel(domain)}
        </span>
        {domain.primary ? <span className="text-xs text-muted-foreground">Main address</span> : null}
      </div>
      {step ? (
        <p role="status" className="text-xs text-muted-foreground" data-testid="custom-domain-step">
          {step}
        </p>
      ) : null}
      {domain.status === 'pending' ? <RecordsTable domain={domain} /> : null}
      <div className="flex flex-wrap gap-2">
        {domain.status === 'pending' ? (
          <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => verify.mutate(domain.domain)} data-testid="custom-domain-check">
            {verify.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <RefreshCw aria-hidden="true" />}
            Check now
          </Button>
        ) : (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => primary.mutate({ domain: domain.domain, primary: !domain.primary })}
            data-testid="custom-domain-primary"
          >
            <Star aria-hidden="true" />
            {domain.primary ? 'Stop using as main address' : 'Make primary'}
          </Button>
        )}
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          trigger={
            <Button type="button" size="sm" variant="ghost" disabled={busy} data-testid="custom-domain-remove">
              <Trash2 aria-hidden="true" />
              Remove
            </Button>
          }
          title={`Remove ${domain.domain}?`}
          description="Your app stops answering on this domain at once. You can add it again later; its DNS records must then be checked again."
          confirmLabel="Remove domain"
          pending={remove.isPending}
          confirmTestId="custom-domain-remove-confirm"
          onConfirm={(e) => {
            e.preventDefault();
            remove.mutate(domain.domain, { onSettled: () => setConfirming(false) });
          }}
        />
      </div>
    </li>
  );
}

/** The publish dialog's "Custom domain" section: the app's own domains, for a published app. */
export function CustomDomainsSection({ sproutId, enabled }: { sproutId: string; enabled: boolean }) {
  const list = useCustomDomains(sproutId, enabled);
  const add = useAddDomain(sproutId);
  const [value, setValue] = useState('');
  const refused = add.error && !paywallOf(add.error, null) ? errorText(add.error) : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const domain = typedDomain(value);
    if (!domain) return;
    add.mutate(domain, { onSuccess: () => setValue('') });
  };
  const domains = list.data?.domains ?? [];
  return (
    <section className="grid gap-3 border-t pt-4" aria-labelledby="custom-domain-heading" data-testid="custom-domains">
      <div className="grid gap-1">
        <h3 id="custom-domain-heading" className="text-sm font-medium">
          Custom domain
        </h3>
        <p className="text-xs text-muted-foreground">Show your app at your own address, such as shop.example.com.</p>
      </div>
      {list.isError ? (
        <p role="alert" className="text-xs text-destructive">
          Could not load your domains: {errorText(list.error)}
        </p>
      ) : list.isPending && enabled ? (
        <p className="text-xs text-muted-foreground">Loading your domains…</p>
      ) : domains.length ? (
        <ul className="grid gap-2" data-testid="custom-domain-list">
          {domains.map((d) => (
            <DomainItem key={d.domain} sproutId={sproutId} domain={d} />
          ))}
        </ul>
      ) : (
        <p className="text-xs text-muted-foreground" data-testid="custom-domains-empty">
          No domain yet. Add one you own; Sprout shows the DNS records to create.
        </p>
      )}
      <form className="flex flex-col gap-2 sm:flex-row" onSubmit={submit} noValidate>
        <label htmlFor="custom-domain-input" className="sr-only">
          Domain name
        </label>
        <Input
          id="custom-domain-input"
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          placeholder="shop.example.com"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          inputMode="url"
          maxLength={260}
          aria-invalid={refused ? true : undefined}
          aria-describedby={refused ? 'custom-domain-error' : undefined}
          data-testid="custom-domain-input"
        />
        <Button type="submit" variant="outline" disabled={add.isPending || !value.trim()} data-testid="custom-domain-add">
          {add.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Add domain
        </Button>
      </form>
      {refused ? (
        <p id="custom-domain-error" role="alert" className="text-xs text-destructive" data-testid="custom-domain-error">
          {refused}
        </p>
      ) : null}
    </section>
  );
}
