import type { Usage } from '@sprout/core/contract';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { loginRedirectFor, upgradePath } from '@sprout/core';
import { getServerSession, serverApi } from '@/lib/server/session';
import { actingAsSomeone } from '@/lib/server/acting-as';
import { BillingView } from '@/components/settings/billing-view';

export const metadata: Metadata = { title: 'Billing' };

/** The billing upgrade destination (core upgradePath('billing')). */
export default async function BillingPage() {
  const session = await getServerSession();
  if (!session) redirect(loginRedirectFor(upgradePath('billing')));
  // Staff acting as someone: the browser reads the person's usage, not the staff member's.
  const usage = (await actingAsSomeone()) ? null : await serverApi<Usage>('/usage', session);
  return <BillingView initialUsage={usage ?? undefined} />;
}
