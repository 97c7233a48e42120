'use client';
import type { Sprout } from '@sprout/core/contract';
import { FileWarning } from 'lucide-react';
import { useBuildStatus } from '@/features/preview';
import { selectActiveRunId, useChatSession, useChatState } from '@/features/chat';
import { WorkspaceBuildErrorActions } from './build-error-actions';

/**
 * Above the chat's composer while the project's current version does not build: the ways out that
 * the preview's error screen offers (back to the version before, or Fix it), where the person is
 * talking to Sprout — after an offline builder's "I can't repair code" too, the way back is one
 * click away. Hidden while a reply is being written (it may be the fix).
 */
export function BrokenVersionNotice({ sprout }: { sprout: Sprout }) {
  const versionId = sprout.currentVersionId;
  const build = useBuildStatus(sprout.id, versionId);
  const running = !!useChatState(useChatSession(sprout.id), selectActiveRunId);
  if (!versionId || running || build.data?.ok !== false || build.data.versionId !== versionId) return null;
  const count = build.data.errors.length;
  return (
    <div
      role="status"
      data-testid="chat-broken-version"
      className="mb-2 grid gap-2 rounded-lg border border-destructive/30 bg-destructive/8 px-3 py-2 text-sm sm:flex sm:items-center"
    >
      <p className="flex min-w-0 flex-1 items-start gap-2">
        <FileWarning className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
        <span>The current version does not build ({count === 1 ? '1 error' : `${count} errors`}), so the preview shows its error instead of your app.</span>
      </p>
      <div className="flex flex-wrap gap-2">
        <WorkspaceBuildErrorActions sprout={sprout} versionId={versionId} />
      </div>
    </div>
  );
}
