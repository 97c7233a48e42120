'use client';
import { Loader2, Plus } from 'lucide-react';
import { useCreateProject } from '@/lib/client/create-project';
import { Button } from '@/components/ui/button';

/**
 * Creates an empty project and opens it, through the shared create flow (SPEC §4: usage checked
 * first — the paywall instead of creating at a limit — a 402 also opens the paywall, errors toast).
 */
export function NewProjectButton({ className }: { className?: string }) {
  const { create, isBusy } = useCreateProject();
  return (
    <Button onClick={() => void create('', { source: 'projects' })} disabled={isBusy} aria-busy={isBusy} data-testid="new-project" className={className}>
      {isBusy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Plus aria-hidden="true" />}
      New project
    </Button>
  );
}
