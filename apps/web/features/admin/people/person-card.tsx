'use client';
import { useQueryClient } from '@tanstack/react-query';
import { UserRound } from 'lucide-react';
import { useConfig } from '@/lib/api/services';
import { errorText } from '@/lib/api/error-text';
import { billingDetails, formatBillingDate } from '@/features/billing';
import { usageRows } from '@/features/usage';
import { LoadError } from '@/ui/load-error';
import { Badge } from '@/ui/badge';
import { IconHeading } from '@/ui/icon-heading';
import { Skeletons } from '@/ui/skeleton';
import { describeAudit, type AdminPerson, type AdminUser } from '../admin';
import { adminKeys, usePerson } from '../queries';
import { ImpersonateButton } from './impersonate-button';
import { PersonFlagsSection } from '../flags/person-flags';
import { PersonProjects } from './person-projects';
import { TierForm } from './tier-form';

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

const card = 'grid gap-3 rounded-xl border bg-card p-5 shadow-sm sm:p-6';

/** One person in full: profile (and acting as them), usage, projects, plan, flags and recent history. */
export function PersonCard({ id }: { id: string }) {
  const qc = useQueryClient();
  const { supportEmail } = useConfig();
  const person = usePerson(id);

  if (person.isError)
    return (
      <LoadError
        layout="box"
        message={errorText(person.error, { status: 'none', otherwise: 'Could not load this person.' })}
        onRetry={() => void person.refetch()}
      />
    );
  if (!person.data) return <Skeletons className="gap-4" label="Loading this person" bars={['h-40 w-full', 'h-24 w-full', 'h-64 w-full']} />;
  const found = person.data;
  const details = billingDetails(found.subscription, supportEmail);
  // The plan form answers with plan, usage and history; projects and flags are refetched (a plan can change flags).
  const planSaved = (next: AdminUser) => {
    qc.setQueryData<AdminPerson>(adminKeys.person(id), (old) => (old ? { ...old, ...next } : old));
    void qc.invalidateQueries({ queryKey: adminKeys.person(id) });
    void qc.invalidateQueries({ queryKey: adminKeys.anyPeople });
  };

  return (
    <div className="grid gap-5" data-testid="admin-user" data-user-id={found.user.id}>
      <section className={`${card} gap-4`} aria-labelledby="admin-profile">
        <IconHeading icon={UserRound} large titleId="admin-profile" title={found.user.displayName || found.user.email} subtitle={found.user.email}>
          <Badge className="ml-auto shrink-0" data-testid="admin-plan-label">
            {details.planLabel}
          </Badge>
        </IconHeading>
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
        <ImpersonateButton user={found.user} />
      </section>

      <section className={card} aria-labelledby="admin-usage">
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

      <PersonProjects projects={found.projects} />

      <section className="rounded-xl border bg-card p-5 shadow-sm sm:p-6">
        <TierForm key={found.user.tier} found={found} onSaved={planSaved} />
      </section>

      <PersonFlagsSection person={found} />

      <section className={card} aria-labelledby="admin-history">
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
