import { usage as usageRoute } from '@sprout/core/routes';
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { loginRedirectFor, upgradePath } from '@sprout/core';
import { getServerSession, serverApi } from '@/lib/server/session';
import { actingAsSomeone } from '@/lib/server/acting-as';
import { BillingView } from '@/features/settings';

export const metadata: Metadata = { title: 'Billing' };

/** The billing upgrade destination (core upgradePath('billing')). */
export default async function BillingPage() {
  const session = await getServerSession();
  if (!session) redirect(loginRedirectFor(upgradePath('billing')));
  // Staff acting as someone: the browser reads the person's usage, not the staff member's.
  const usage = (await actingAsSomeone()) ? null : await serverApi(usageRoute, {}, session);
  return <BillingView initialUsage={usage ?? undefined} />;
}
