'use client';
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useQueryClient } from '@tanstack/react-query';
import { VenetianMask } from 'lucide-react';
import type { User } from '@sprout/core/contract';
import { useAdminCalls } from '../queries';
import { errorText } from '@/lib/api/error-text';
import { startImpersonation } from '@/lib/api/impersonation';
import { toast } from '@/lib/browser/toast';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';

/**
 * Act as this person in this tab (POST /v1/admin/impersonate): the app then shows their projects
 * and usage, and what is changed is recorded under the staff member's name. The token ends on its
 * own after IMPERSONATION_TTL_SECONDS, and at once if the staff member stops being staff.
 */
export function ImpersonateButton({ user }: { user: Pick<User, 'id' | 'email' | 'displayName'> }) {
  const calls = useAdminCalls();
  const qc = useQueryClient();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const name = user.displayName || user.email;

  async function start() {
    setPending(true);
    try {
      const res = await calls.impersonate(user.id);
      startImpersonation({
        token: res.token,
        expiresAt: Date.now() + res.expiresIn * 1000,
        user: { id: user.id, email: user.email, displayName: user.displayName },
      });
      // Nothing of the staff member's own may show as the person's.
      qc.clear();
      setOpen(false);
      router.push('/build');
    } catch (err) {
      toast.error(errorText(err, { status: 'none', otherwise: `Could not act as ${name}. Please try again.` }), { id: 'impersonate-error' });
    } finally {
      setPending(false);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !pending && setOpen(next)}
      trigger={
        <Button variant="outline" className="justify-self-start" data-testid="admin-impersonate">
          <VenetianMask aria-hidden="true" />
          Act as this person
        </Button>
      }
      title={`Act as ${name}?`}
      description="This tab will show Sprout as they see it: their projects, usage and plan. Anything you change is done for them and recorded under your name. It ends after a few minutes, or when you press Stop."
      confirmLabel="Act as them"
      confirmClassName="bg-primary text-primary-foreground hover:bg-primary/90"
      confirmTestId="admin-impersonate-confirm"
      onConfirm={(e) => {
        e.preventDefault();
        void start();
      }}
      pending={pending}
    />
  );
}
