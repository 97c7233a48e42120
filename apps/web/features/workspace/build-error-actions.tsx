'use client';
import type { Sprout } from '@sprout/core/contract';
import { History, Loader2, Wrench } from 'lucide-react';
import { Button } from '@/ui/button';
import { versionNameInline } from '@/lib/version-label';
import { useVersions } from '@/features/versions';
import { useRestoreVersion } from '@/features/history';
import { selectActiveRunId, useChatSession, useChatState } from '@/features/chat';
import { useWorkspaceNav } from '@/features/workspace-nav';

/** What "Fix it" sends: the run sees the build's errors itself; the words are the person's. */
const FIX_BUILD_MESSAGE = 'Fix the build error';

/**
 * The ways out of a version that does not build, on the preview's error screen: back to the version
 * it was made from (a restore: a new version with those files, nothing lost), or a reply from
 * Sprout that fixes it. Either is refused while a reply is being written.
 */
export function WorkspaceBuildErrorActions({ sprout, versionId }: { sprout: Sprout; versionId: string }) {
  const versions = useVersions(sprout.id, true);
  const restore = useRestoreVersion(sprout);
  const session = useChatSession(sprout.id);
  const running = !!useChatState(session, selectActiveRunId);
  const nav = useWorkspaceNav();
  const list = versions.data?.versions ?? [];
  const parentId = list.find((v) => v.id === versionId)?.parentId;
  const parent = parentId ? list.find((v) => v.id === parentId) : undefined;

  const fix = () => {
    nav?.setMobileView('chat');
    void session.send(FIX_BUILD_MESSAGE);
  };

  return (
    <>
      {parent ? (
        <Button
          variant="outline"
          size="sm"
          disabled={running || restore.isPending}
          onClick={() => restore.mutate(parent)}
          data-testid="preview-build-error-back"
        >
          {restore.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <History aria-hidden="true" />}
          Back to {versionNameInline(parent.number)}
        </Button>
      ) : null}
      <Button size="sm" disabled={running} onClick={fix} data-testid="preview-build-error-fix">
        <Wrench aria-hidden="true" /> Fix it
      </Button>
    </>
  );
}
