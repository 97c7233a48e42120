'use client';
import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, RotateCw, Search, ShieldCheck, UserRound } from 'lucide-react';
import { toast } from '@/lib/client/toast';
import { planLabel, type StaffAssignableTier } from '@sprout/core';
import { useApi, useConfig } from '@/lib/client/app-context';
import { ApiError } from '@/lib/client/api';
import { billingDetails, formatBillingDate } from '@/components/settings/plan';
import { usageRows } from '@/components/projects/usage';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { describeAudit, TIER_CHOICES, type AdminUser } from './admin';

const adminUserKey = (email: string) => ['admin-user', email.toLowerCase()] as const;

function Row({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function TierForm({ found, email }: { found: AdminUser; email: string }) {
  const api = useApi();
  const qc = useQueryClient();
  const current = found.user.tier;
  const [choice, setChoice] = useState<StaffAssignableTier | null>(null);
  const [saving, setSaving] = useState(false);
  const selected = choice ?? (TIER_CHOICES.some((c) => c.tier === current) ? (current as StaffAssignableTier) : null);

  async function save() {
    if (!selected) return;
    setSaving(true);
    try {
      const next = await api.request<AdminUser>('PUT', `/admin/users/${encodeURIComponent(found.user.id)}/tier`, { tier: selected });
      qc.setQueryData(adminUserKey(email), next);
      setChoice(null);
      toast.success(`${next.user.displayName || next.user.email} is now on ${planLabel(next.user.tier)}.`, { id: 'admin-tier' });
    } catch (err) {
      toast.error(err instanceof ApiError && err.serverMessage ? err.serverMessage : 'Could not change the plan. Please try again.', { id: 'admin-tier-error' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <fieldset className="grid gap-3" disabled={saving}>
      <legend className="mb-2 font-semibold">Set plan</legend>
      <div className="grid gap-2 sm:grid-cols-3" role="radiogroup" aria-label="Plan">
        {TIER_CHOICES.map((c) => (
          <label
            key={c.tier}
            className={cn(
              'flex cursor-pointer flex-col gap-1 rounded-lg border p-3 text-sm transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
              selected === c.tier ? 'border-primary bg-primary/5' : 'hover:bg-accent',
            )}
          >
            <span className="flex items-center gap-2 font-medium">
              <input type="radio" name="tier" value={c.tier} checked={selected === c.tier} onChange={() => setChoice(c.tier)} className="accent-[var(--primary)]" data-testid={`admin-tier-${c.tier}`} />
              {c.label}
              {current === c.tier ? <Badge variant="secondary">Current</Badge> : null}
            </span>
            <span className="text-muted-foreground">{c.description}</span>
          </label>
        ))}
      </div>
      <Button className="justify-self-start" onClick={() => void save()} disabled={!selected || selected === current || saving} data-testid="admin-tier-save">
        {saving ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <ShieldCheck aria-hidden="true" />}
        Save plan
      </Button>
      <p className="text-xs text-muted-foreground">Every change is recorded with your name. Paid subscriptions must be cancelled before their plan can be replaced.</p>
    </fieldset>
  );
}

function UserCard({ found, email }: { found: AdminUser; email: string }) {
  const { supportEmail } = useConfig();
  const details = billingDetails(found.subscription, supportEmail);
  return (
    <div className="grid gap-5" data-testid="admin-user" data-user-id={found.user.id}>
      <section className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm sm:p-6" aria-labelledby="admin-profile">
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/15 text-primary">
            <UserRound className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h2 id="admin-profile" className="truncate text-lg font-semibold">
              {found.user.displayName || found.user.email}
            </h2>
            <p className="truncate text-sm text-muted-foreground">{found.user.email}</p>
          </div>
          <Badge className="ml-auto shrink-0" data-testid="admin-plan-label">
            {details.planLabel}
          </Badge>
        </div>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <Row label="User id">
            <code className="text-xs">{found.user.id}</code>
          </Row>
          <Row label="Joined">{formatBillingDate(found.user.createdAt)}</Row>
          <Row label="Subscription" testId="admin-subscription-type">
            {found.subscription.type}
          </Row>
          <Row label={details.renewal.label}>{details.renewal.value}</Row>
          {details.billedThrough ? <Row label="Billed through">{details.billedThrough}</Row> : null}
          <Row label="Roles">{found.user.roles.length ? found.user.roles.join(', ') : 'None'}</Row>
        </dl>
      </section>

      <section className="grid gap-3 rounded-xl border bg-card p-5 shadow-sm sm:p-6" aria-labelledby="admin-usage">
        <h2 id="admin-usage" className="font-semibold">
          Usage
        </h2>
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          {usageRows(found.usage).map((r) => (
            <Row key={r.key} label={r.label} testId={`admin-usage-${r.key}`}>
              {r.value}
            </Row>
          ))}
        </dl>
      </section>

      <section className="rounded-xl border bg-card p-5 shadow-sm sm:p-6">
        <TierForm key={found.user.tier} found={found} email={email} />
      </section>

      <section className="grid gap-3 rounded-xl border bg-card p-5 shadow-sm sm:p-6" aria-labelledby="admin-history">
        <h2 id="admin-history" className="font-semibold">
          Recent history
        </h2>
        {found.audit.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing recorded yet.</p>
        ) : (
          <ol className="grid gap-2 text-sm" data-testid="admin-audit">
            {found.audit.map((e, i) => (
              <li key={`${e.createdAt}-${i}`} className="flex flex-col justify-between gap-0.5 border-b pb-2 last:border-0 sm:flex-row sm:gap-3">
                <span>{describeAudit(e)}</span>
                <span className="shrink-0 text-muted-foreground tabular-nums">{new Date(e.createdAt).toLocaleString()}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

/** Staff tools: look a person up by email, see their plan and usage, hand out a complimentary plan. */
export function AdminView() {
  const api = useApi();
  const [draft, setDraft] = useState('');
  const [email, setEmail] = useState('');
  const lookup = useQuery({
    queryKey: adminUserKey(email),
    queryFn: () => api.request<AdminUser>('GET', `/admin/users?email=${encodeURIComponent(email)}`),
    enabled: email !== '',
    retry: false,
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    setEmail(draft.trim());
  }

  const notFound = lookup.error instanceof ApiError && lookup.error.status === 404;
  return (
    <div className="grid gap-6">
      <form onSubmit={submit} className="grid gap-2 rounded-xl border bg-card p-5 shadow-sm sm:p-6" role="search">
        <Label htmlFor="admin-email">Find a person by email</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input id="admin-email" type="email" required value={draft} onChange={(e) => setDraft(e.target.value)} placeholder="name@example.com" autoComplete="off" data-testid="admin-email" />
          <Button type="submit" disabled={lookup.isFetching} data-testid="admin-search">
            {lookup.isFetching ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Search aria-hidden="true" />}
            Look up
          </Button>
        </div>
      </form>

      {email === '' ? null : lookup.data ? (
        <UserCard found={lookup.data} email={email} />
      ) : notFound ? (
        <p className="rounded-xl border border-dashed p-5 text-sm text-muted-foreground" data-testid="admin-not-found" role="status">
          Nobody has the email {email}.
        </p>
      ) : lookup.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-destructive/30 bg-destructive/5 p-5 text-sm">
          <p>{lookup.error instanceof ApiError && lookup.error.serverMessage ? lookup.error.serverMessage : 'Could not look this person up.'}</p>
          <Button variant="outline" size="sm" onClick={() => void lookup.refetch()}>
            <RotateCw aria-hidden="true" /> Try again
          </Button>
        </div>
      ) : (
        <div className="grid gap-4" aria-busy="true" aria-label="Looking up">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      )}
    </div>
  );
}
