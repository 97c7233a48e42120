'use client';
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { LogOut } from 'lucide-react';
import { useAppServices } from '@/lib/api/services';
import { errorText } from '@/lib/api/error-text';
import { useAccountCalls } from './queries';
import { toast, toastOnArrival } from '@/lib/browser/toast';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';

/** Ends every session of the account, this one included (a lost phone, a shared computer). */
export function SignOutEverywhere() {
  const { identity } = useAppServices();
  const calls = useAccountCalls();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);

  async function confirm(e: React.MouseEvent) {
    // The dialog stays open (and spins) until the server has answered.
    e.preventDefault();
    setPending(true);
    try {
      await calls.signOutEverywhere();
      await identity.signOut();
      setOpen(false);
      toastOnArrival('/login', () => toast.success('You are signed out on every device'));
      router.push('/login');
    } catch (err) {
      setPending(false);
      toast.error(errorText(err, { status: 'none', otherwise: 'Could not sign out everywhere. Please try again.' }));
    }
  }

  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">Signed in on a device you no longer use? End every session at once, this one included.</p>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => !pending && setOpen(next)}
        trigger={
          <Button variant="outline" className="justify-self-start" data-testid="sign-out-everywhere">
            <LogOut aria-hidden="true" /> Sign out everywhere
          </Button>
        }
        title="Sign out on every device?"
        description="Every browser and app signed in to your account, this one included, must sign in again."
        confirmLabel="Sign out everywhere"
        confirmTestId="sign-out-everywhere-confirm"
        pending={pending}
        onConfirm={(e) => void confirm(e)}
      />
    </div>
  );
}
