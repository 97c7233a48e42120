'use client';
import { useEffect, useState } from 'react';
import { useRouter } from 'next/navigation';
import { VenetianMask, X } from 'lucide-react';
import { stopImpersonation, type Impersonation } from '@/lib/api/impersonation';
import { getQueryClient } from '@/lib/api/query-client';
import { toast, toastOnArrival } from '@/lib/browser/toast';
import { Button } from '@/ui/button';

const left = (ms: number) => {
  const s = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** While staff act as someone in this tab: who, how long is left, and Stop (back to that person on the admin page). */
export default function ImpersonationNotice({ acting }: { acting: Impersonation }) {
  const router = useRouter();
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [acting]);

  const stop = (ended: boolean) => {
    stopImpersonation();
    // The cached data is the other person's.
    getQueryClient().clear();
    if (ended)
      toastOnArrival('/admin', () => toast.info(`Acting as ${acting.user.displayName || acting.user.email} has ended.`, { id: 'impersonation-ended' }));
    router.push(`/admin?person=${encodeURIComponent(acting.user.id)}`);
  };

  useEffect(() => {
    if (now >= acting.expiresAt) stop(true);
  });

  return (
    <div
      role="status"
      data-testid="impersonation-banner"
      className="sticky top-0 z-50 flex flex-wrap items-center gap-x-3 gap-y-1 border-b bg-warning px-4 py-2 text-sm text-foreground"
    >
      <VenetianMask className="size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0 flex-1">
        Acting as <strong className="break-all">{acting.user.displayName || acting.user.email}</strong>
        <span className="hidden sm:inline"> ({acting.user.email})</span>. Changes are recorded under your name.
        <span className="ml-1 tabular-nums">Ends in {left(acting.expiresAt - now)}.</span>
      </span>
      <Button size="sm" variant="outline" className="bg-background" onClick={() => stop(false)} data-testid="impersonation-stop">
        <X aria-hidden="true" />
        Stop
      </Button>
    </div>
  );
}
