'use client';
import { useState } from 'react';
import { ExternalLink, LoaderCircle } from 'lucide-react';
import { toast } from '@/lib/client/toast';
import { useApi } from '@/lib/client/app-context';
import { errorText } from '@/lib/client/error-text';
import { Button } from '@/components/ui/button';

export const PORTAL_UNAVAILABLE = 'Could not open subscription management. Please try again.';

/** Opens the Stripe billing portal, or the test checkout's manage page, as POST /v1/billing/portal says. */
export function ManageSubscriptionButton({ returnTo }: { returnTo: string }) {
  const api = useApi();
  const [pending, setPending] = useState(false);

  async function open() {
    setPending(true);
    try {
      const { url } = await api.request<{ url: string }>('POST', '/billing/portal', { returnTo });
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
