import { planLabel, STAFF_ASSIGNABLE_TIERS, type StaffAssignableTier } from '@sprout/core';
import type { AdminPerson, AdminUser } from '@sprout/core/contract';

export type { AdminPerson, AdminUser };

export const TIER_CHOICES: { tier: StaffAssignableTier; label: string; description: string }[] = STAFF_ASSIGNABLE_TIERS.map((tier) => ({
  tier,
  label: planLabel(tier),
  description:
    tier === 'free'
      ? 'Back to the Free plan and its limits.'
      : tier === 'sprout-tier-internal-staff'
        ? 'Unlimited, and access to staff tools like this page.'
        : 'Unlimited projects and messages for partners.',
}));

const ACTIONS: Record<string, (d: Record<string, unknown>) => string> = {
  'user.tier.set': (d) => `Plan set to ${planLabel(String(d.to))} (was ${planLabel(String(d.from))})`,
  'user.roles.set': () => 'Roles changed',
  'impersonation.start': () => 'Staff signed in as this person',
  'staff.bootstrap': () => 'Made staff at registration (STAFF_EMAILS)',
  'billing.plan.change': (d) => `Changed plan to ${planLabel(String(d.to))}`,
  'billing.test_checkout.complete': (d) => `Bought ${planLabel(String(d.to))} (test checkout)`,
  'billing.test_subscription.cancel': () => 'Cancelled the subscription (test mode)',
  'billing.test_subscription.renew': () => 'Renewal simulated (test mode)',
  'billing.stripe.event': (d) => `Stripe: ${String(d.type)} → ${planLabel(String(d.tierType))}`,
  'billing.mobile.notification': (d) => `Store: ${String(d.event)} → ${planLabel(String(d.tierType))}`,
  'flag.set': (d) => `Flag ${String(d.key)} set to ${flagValueText((d.to as { value?: unknown } | undefined)?.value)}`,
  'flag.clear': (d) => `Flag ${String(d.key)} cleared (inherits again)`,
};

/** A flag's value in words: On, Off, a model's label, or the default model. */
export function flagValueText(value: unknown): string {
  if (value === true) return 'On';
  if (value === false) return 'Off';
  if (value === null || value === undefined) return 'Default model';
  return String(value);
}

/** One line of the audit list, in words. */
export function describeAudit(entry: { action: string; details: Record<string, unknown> }): string {
  return ACTIONS[entry.action]?.(entry.details) ?? entry.action;
}
