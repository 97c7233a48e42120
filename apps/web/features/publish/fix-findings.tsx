'use client';
import type { Sprout } from '@sprout/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, Wrench } from 'lucide-react';
import { actionErrorText } from '@/lib/api/error-text';
import { toast } from '@/lib/browser/toast';
import { useChatSession } from '@/features/chat';
import { Button } from '@/ui/button';
import { usePublishCalls } from './queries';

/**
 * "Fix it" under blocking findings: Sprout starts a free run aimed at them, the chat follows it
 * (the dialog closes so the person watches it there), and the next Publish checks the new version.
 */
export function FixFindings({ sprout, disabled, onStarted }: { sprout: Sprout; disabled: boolean; onStarted: () => void }) {
  const calls = usePublishCalls();
  const chat = useChatSession(sprout.id);
  const qc = useQueryClient();
  const fix = useMutation({
    mutationFn: () => calls.fixFindings(sprout.id),
    onSuccess: ({ runId }) => {
      chat.followStarted(runId, 'security-fix');
      void qc.invalidateQueries({ queryKey: ['publish-check', sprout.id] });
      toast.success('Sprout is fixing the security findings. This costs you no message.');
      onStarted();
    },
    onError: (err) => toast.error(actionErrorText('start the fix', err, 'Could not start the fix. Please try again.')),
  });
  return (
    <div data-testid="security-fix" className="flex flex-wrap items-center gap-x-3 gap-y-1.5 rounded-md bg-muted/60 px-3 py-2">
      <p className="min-w-0 flex-1 text-xs text-muted-foreground">Sprout can change the app so these findings go away, free of charge.</p>
      <Button type="button" size="sm" variant="secondary" disabled={disabled || fix.isPending} onClick={() => fix.mutate()} data-testid="security-fix-button">
        {fix.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Wrench aria-hidden="true" />}
        Fix it
      </Button>
    </div>
  );
}
