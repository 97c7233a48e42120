'use client';
import { useState } from 'react';
import { Loader2 } from 'lucide-react';
import type { EmailSent } from '@sprout/core/contract';
import { useApi } from '@/lib/client/app-context';
import { useRefreshAccount } from '@/lib/client/account';
import { errorText, hasStatus } from '@/lib/client/error-text';
import { toast } from '@/lib/client/toast';
import { Button } from '@/components/ui/button';

/** "Resend": a new verification link to the account's address (the earlier one stops working). */
export function ResendVerificationButton({ testId = 'verify-email-resend', variant = 'outline' }: { testId?: string; variant?: 'outline' | 'secondary' }) {
  const api = useApi();
  const refresh = useRefreshAccount();
  const [pending, setPending] = useState(false);

  async function resend() {
    setPending(true);
    try {
      const sent = await api.request<EmailSent>('POST', '/me/email-verification');
      toast.success(sent.message, { description: 'Open the link in that e-mail to verify your address.' });
    } catch (err) {
      // Verified meanwhile (in another tab or browser): the banner goes away.
      if (hasStatus(err, 409)) await refresh();
      toast.error(errorText(err, { status: 'none', otherwise: 'Could not send the e-mail. Please try again.' }));
    } finally {
      setPending(false);
    }
  }

  return (
    <Button size="sm" variant={variant} onClick={() => void resend()} disabled={pending} data-testid={testId}>
      {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
      Resend
    </Button>
  );
}
