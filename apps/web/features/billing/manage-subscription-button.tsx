'use client';
import { useState } from 'react';
import { ExternalLink, LoaderCircle } from 'lucide-react';
import { toast } from '@/lib/browser/toast';
import { useBillingCalls } from './subscription';
import { errorText } from '@/lib/api/error-text';
import { Button } from '@/ui/button';

const PORTAL_UNAVAILABLE = 'Could not open subscription management. Please try again.';

/** Opens the Stripe billing portal, or the test checkout's manage page, as POST /v1/billing/portal says. */
export function ManageSubscriptionButton({ returnTo }: { returnTo: string }) {
  const calls = useBillingCalls();
  const [pending, setPending] = useState(false);

  async function open() {
    setPending(true);
    try {
      const { url } = await calls.portal(returnTo);
      window.location.assign(url);
    } catch (err) {
      setPending(false);
      toast.error(errorText(err, { status: 'none', network: false, otherwise: PORTAL_UNAVAILABLE }), { id: 'portal-error' });
    }
  }

  return (
    <Button onClick={() => void open()} disabled={pending} data-testid="manage-subscription">
      {pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <ExternalLink aria-hidden="true" />}
      Manage subscription
    </Button>
  );
}
