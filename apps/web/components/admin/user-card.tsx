'use client';
import { UserRound } from 'lucide-react';
import { useConfig } from '@/lib/client/app-context';
import { billingDetails, formatBillingDate } from '@/components/settings/plan';
import { usageRows } from '@/components/projects/usage';
import { Badge } from '@/components/ui/badge';
import { IconHeading } from '@/components/ui/icon-heading';
import { describeAudit, type AdminUser } from './admin';
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

/** A person found by email: profile, plan, usage, the plan form and recent history. */
export function UserCard({ found, email }: { found: AdminUser; email: string }) {
  const { supportEmail } = useConfig();
  const details = billingDetails(found.subscription, supportEmail);
  return (
    <div className="grid gap-5" data-testid="admin-user" data-user-id={found.user.id}>
      <section className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm sm:p-6" aria-labelledby="admin-profile">
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
