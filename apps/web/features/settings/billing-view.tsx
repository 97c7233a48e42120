'use client';
import type { Usage } from '@sprout/core/contract';
import Link from 'next/link';
import { ArrowUpRight, FlaskConical } from 'lucide-react';
import { upgradePath } from '@sprout/core';
import { type Subscription, PlanDetails, type BillingDetails } from '@/features/billing';
import { signedInOnly } from '@/features/auth';
import { AppAiUsageList, UsageMeter } from '@/features/usage';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { SettingsHeader } from './settings-nav';
import { SettingsSection } from './settings-section';

function Facts({ sub, details }: { sub: Subscription; details: BillingDetails }) {
  return (
    <dl className="grid gap-3 border-t pt-4 text-sm sm:grid-cols-2">
      <div className="grid gap-0.5">
        <dt className="text-muted-foreground">{details.renewal.label}</dt>
        <dd className="font-medium" data-testid="billing-renewal">
          {details.renewal.value}
        </dd>
      </div>
      {details.billedThrough ? (
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">{sub.type === 'subscribed on mobile' ? 'Store' : 'Billed through'}</dt>
          <dd
            className="flex flex-wrap items-center gap-2 font-medium"
            data-testid={sub.type === 'subscribed on mobile' ? 'billing-store' : 'billing-provider'}
          >
            {details.billedThrough}
            {sub.provider === 'test' ? (
              <Badge variant="warning" data-testid="billing-test-mode">
                <FlaskConical className="size-3" aria-hidden="true" /> Test mode
              </Badge>
            ) : null}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

function Billing({ initialUsage }: { initialUsage?: Usage }) {
  return (
    <main className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8 sm:py-10">
      <SettingsHeader title="Billing" description="Your plan, what you have used and how to change it." />

      <SettingsSection id="billing-plan" title="Current plan">
        <PlanDetails returnTo={upgradePath('billing')}>{(sub, details) => <Facts sub={sub} details={details} />}</PlanDetails>
      </SettingsSection>

      <SettingsSection id="billing-usage" title="Usage" description="Daily messages reset at midnight UTC, monthly ones on the 1st.">
        <UsageMeter initialData={initialUsage} bare />
      </SettingsSection>

      <SettingsSection
        id="billing-app-ai"
        title="Your apps’ AI"
        description="Tokens your apps’ AI used this month, metered to you. Set each app’s cap in its Functions panel."
      >
        <AppAiUsageList />
      </SettingsSection>

      <div className="flex flex-col items-start justify-between gap-3 rounded-xl border border-dashed p-5 sm:flex-row sm:items-center">
        <p className="text-sm text-muted-foreground">Need more messages or projects? Compare every plan side by side.</p>
        <Button asChild variant="outline">
          <Link href={upgradePath('pricing')}>
            See pricing <ArrowUpRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </main>
  );
}

/** The `billing` upgrade destination (/settings/billing). */
export const BillingView = signedInOnly(Billing);
