'use client';
import { useState } from 'react';
import { Loader2 } from 'lucide-react';
import { useAccountCalls, useRefreshAccount } from '../queries';
import { errorText, hasStatus } from '@/lib/api/error-text';
import { toast } from '@/lib/browser/toast';
import { Button } from '@/ui/button';

/** "Resend": a new verification link to the account's address (the earlier one stops working). */
export function ResendVerificationButton({ testId = 'verify-email-resend', variant = 'outline' }: { testId?: string; variant?: 'outline' | 'secondary' }) {
  const calls = useAccountCalls();
  const refresh = useRefreshAccount();
  const [pending, setPending] = useState(false);

  async function resend() {
    setPending(true);
    try {
      const sent = await calls.sendVerification();
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
