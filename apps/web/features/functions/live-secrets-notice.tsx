'use client';
import type { Sprout } from '@sprout/core/contract';
import { KeyRound, TriangleAlert } from 'lucide-react';
import { Button } from '@/ui/button';
import { useWorkspaceNav } from '@/features/workspace-nav';
import { secretsMissingLive } from './live-secrets';
import { useAppFunctions, useSecrets } from './queries';

/**
 * Before publishing: the secrets the current version's functions read that the live app does not
 * have. Test values never go live, so a function that works in the preview would find them missing
 * once published; each button opens the live secrets with the name filled in (`onOpen` closes what
 * was in front, the publish dialog). Nothing while loading, when none is missing or when a list did
 * not load: it is advice, and publishing stays possible.
 */
export function LiveSecretsNotice({ sprout, enabled, onOpen }: { sprout: Sprout; enabled: boolean; onOpen: () => void }) {
  const nav = useWorkspaceNav();
  const functions = useAppFunctions(sprout.id, 'test', { enabled, currentVersionId: sprout.currentVersionId ?? null });
  const live = useSecrets(sprout.id, 'live', { enabled });
  if (!functions.data || !live.data) return null;
  const missing = secretsMissingLive(functions.data, live.data);
  if (missing.length === 0) return null;
  const one = missing.length === 1;
  return (
    <div role="status" data-testid="publish-live-secrets" className="grid gap-2 rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm">
      <p className="flex gap-2">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
        <span>
          Your app&rsquo;s functions read {one ? 'a secret' : 'secrets'} the live app does not have yet:{' '}
          <span className="font-mono break-all">{missing.join(', ')}</span>. The preview&rsquo;s values stay in the preview, so add {one ? 'it' : 'them'} for
          live data before visitors rely on {one ? 'the function that reads it' : 'the functions that read them'}.
        </span>
      </p>
      {nav ? (
        <div className="flex flex-wrap gap-2">
          {missing.map((name) => (
            <Button
              key={name}
              size="sm"
              variant="outline"
              className="h-7"
              onClick={() => {
                onOpen();
                nav.addSecret(name, 'live');
              }}
            >
              <KeyRound aria-hidden="true" /> Add {name} for live
            </Button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
