'use client';
import { useEffect, useState } from 'react';
import { Bug, ChevronDown, X } from 'lucide-react';
import { FLAG_DEFAULTS, FLAG_KEYS, type Flags } from '@sprout/core';
import { useAuth } from '@/lib/api/auth';
import { setDevOverrides, useDevOverrides, type DevOverrides } from '@/lib/api/dev-overrides';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { Switch } from '@/ui/switch';

const STORAGE_KEY = 'sprout.devToolbar';

function load(): DevOverrides {
  try {
    const raw = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    return {
      flags: typeof raw.flags === 'object' && raw.flags ? raw.flags : {},
      impersonationToken: typeof raw.impersonationToken === 'string' && raw.impersonationToken ? raw.impersonationToken : null,
      previewApi: raw.previewApi === true,
    };
  } catch {
    return { flags: {}, impersonationToken: null, previewApi: false };
  }
}

function save(next: DevOverrides) {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  setDevOverrides(next);
}

/** For course engineers: who am I, local flag overrides, '/preview' API, impersonation token, model override. */
export function DevToolbar() {
  const { user } = useAuth();
  const overrides = useDevOverrides();
  const [open, setOpen] = useState(false);
  const [token, setToken] = useState('');

  useEffect(() => {
    const loaded = load();
    setDevOverrides(loaded);
    setToken(loaded.impersonationToken ?? '');
  }, []);

  const setFlag = <K extends keyof Flags>(key: K, value: Flags[K] | undefined) => {
    const flags = { ...overrides.flags };
    if (value === undefined) delete flags[key];
    else flags[key] = value;
    save({ ...overrides, flags });
  };

  if (!open) {
    return (
      <button
        type="button"
        data-testid="dev-toolbar"
        onClick={() => setOpen(true)}
        className="fixed bottom-3 left-3 z-50 flex items-center gap-1.5 rounded-full border bg-foreground px-3 py-1.5 text-xs font-medium text-background shadow-lg focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <Bug className="size-3.5" /> Dev
        {overrides.impersonationToken ? <span className="rounded bg-warning px-1 text-foreground">impersonating</span> : null}
        {overrides.previewApi ? <span className="rounded bg-primary px-1 text-primary-foreground">/preview</span> : null}
      </button>
    );
  }

  return (
    <section
      data-testid="dev-toolbar"
      aria-label="Developer toolbar"
      className="fixed bottom-3 left-3 z-50 max-h-[80dvh] w-[min(22rem,calc(100vw-1.5rem))] overflow-y-auto rounded-xl border bg-popover p-4 text-sm shadow-xl"
    >
      <div className="mb-3 flex items-center justify-between">
        <h2 className="flex items-center gap-2 font-semibold">
          <Bug className="size-4" /> Developer toolbar
        </h2>
        <Button variant="ghost" size="icon" aria-label="Collapse developer toolbar" onClick={() => setOpen(false)}>
          <ChevronDown />
        </Button>
      </div>
      <dl className="mb-4 grid grid-cols-[5rem_1fr] gap-x-2 gap-y-1 text-xs">
        <dt className="text-muted-foreground">User id</dt>
        <dd className="truncate font-mono" data-testid="dev-user-id">
          {user?.id}
        </dd>
        <dt className="text-muted-foreground">Roles</dt>
        <dd className="font-mono" data-testid="dev-roles">
          {user?.roles.join(', ') || '—'}
        </dd>
        <dt className="text-muted-foreground">Tier</dt>
        <dd className="font-mono" data-testid="dev-tier">
          {user?.tier}
        </dd>
      </dl>

      <h3 className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Feature flags (this browser)</h3>
      <div className="mb-4 grid gap-2">
        {FLAG_KEYS.filter((k) => typeof FLAG_DEFAULTS[k] === 'boolean').map((key) => (
          <div key={key} className="flex items-center justify-between gap-2">
            <Label htmlFor={`flag-${key}`} className="font-mono text-xs">
              {key}
            </Label>
            <Switch
              id={`flag-${key}`}
              checked={(overrides.flags[key] ?? FLAG_DEFAULTS[key]) === true}
              onCheckedChange={(v) => setFlag(key, v === FLAG_DEFAULTS[key] ? undefined : (v as never))}
            />
          </div>
        ))}
        <div className="grid gap-1">
          <Label htmlFor="flag-aiModelOverride" className="font-mono text-xs">
            aiModelOverride
          </Label>
          <Input
            id="flag-aiModelOverride"
            placeholder="a label from SPROUT_MODELS, or offline"
            defaultValue={overrides.flags.aiModelOverride ?? ''}
            onBlur={(e) => setFlag('aiModelOverride', e.target.value.trim() || undefined)}
            className="h-8 font-mono text-xs"
          />
        </div>
      </div>

      <h3 className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">API</h3>
      <div className="mb-3 flex items-center justify-between gap-2">
        <Label htmlFor="dev-preview-api" className="text-xs">
          Use the /preview API variant
        </Label>
        <Switch
          id="dev-preview-api"
          data-testid="dev-preview-api"
          checked={overrides.previewApi}
          onCheckedChange={(v) => save({ ...overrides, previewApi: v })}
        />
      </div>
      <form
        className="grid gap-1"
        onSubmit={(e) => {
          e.preventDefault();
          save({ ...overrides, impersonationToken: token.trim() || null });
        }}
      >
        <Label htmlFor="dev-impersonation" className="text-xs">
          Impersonation token (used instead of your ID token)
        </Label>
        <div className="flex gap-1">
          <Input id="dev-impersonation" value={token} onChange={(e) => setToken(e.target.value)} className="h-8 font-mono text-xs" />
          <Button type="submit" size="sm">
            Use
          </Button>
          {overrides.impersonationToken ? (
            <Button
              type="button"
              size="sm"
              variant="outline"
              aria-label="Stop impersonating"
              onClick={() => {
                setToken('');
                save({ ...overrides, impersonationToken: null });
              }}
            >
              <X />
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
