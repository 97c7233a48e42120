'use client';
import type { Sprout } from '@sprout/core/contract';
import { useEffect } from 'react';
import { Tabs } from 'radix-ui';
import { errorText, hasStatus } from '@/lib/api/error-text';
import { useSprout } from '@/features/projects';
import { signedInOnly } from '@/features/auth';
import { QueryLoadError } from '@/ui/load-error';
import { Skeleton, Skeletons } from '@/ui/skeleton';
import { Segmented } from '@/ui/segmented';
import { TooltipProvider } from '@/ui/tooltip';
import { cn } from '@/lib/cn';
import { ChatPanel } from '@/features/chat';
import { BuildErrorActionsProvider } from '@/features/preview';
import { WorkspaceBuildErrorActions } from './build-error-actions';
import { BrokenVersionNotice } from './broken-version-notice';
import { MainTabList, MainTabPanels } from './main-tabs';
import { ProjectHeader } from './project-header';
import { ProjectNotFound } from './project-not-found';
import { useVersionsFollowProject } from './follow-versions';
import { ResizableSplit } from './resizable-split';
import { useWorkspaceNav, WorkspaceNavProvider, type MainTab } from '@/features/workspace-nav';

// The workspace has the screen to itself (its bar is the only one) and scrolls inside its panels.
const FRAME = 'flex h-dvh min-h-0 flex-col overflow-hidden';

/** Keeps the tab title in step with a rename ("{name} | {site title}"). */
function useDocumentTitle(name: string) {
  useEffect(() => {
    const [, ...rest] = document.title.split(' | ');
    document.title = rest.length ? `${name} | ${rest.join(' | ')}` : name;
  }, [name]);
}

function Workspace({ sprout }: { sprout: Sprout }) {
  useDocumentTitle(sprout.displayName);
  useVersionsFollowProject(sprout);
  return (
    <WorkspaceNavProvider sproutId={sprout.id}>
      <WorkspaceLayout sprout={sprout} />
    </WorkspaceNavProvider>
  );
}

/** "App" on the phone's switch, with a dot while a new version waits to be seen. */
function AppLabel({ unseen }: { unseen: boolean }) {
  return (
    <span className="relative inline-flex items-center gap-1.5">
      App
      {unseen ? (
        <span data-testid="mobile-app-dot" className="size-2 rounded-full bg-primary">
          <span className="sr-only">(new version)</span>
        </span>
      ) : null}
    </span>
  );
}

function WorkspaceLayout({ sprout }: { sprout: Sprout }) {
  const nav = useWorkspaceNav()!;
  const { mobileView } = nav;

  // Tooltips are used on this page only: their provider (and Radix Tooltip) is not in the shell.
  return (
    <TooltipProvider delayDuration={300}>
      <Tabs.Root value={nav.tab} onValueChange={(v) => nav.setTab(v as MainTab)} className={FRAME} data-testid="project-workspace" data-project-id={sprout.id}>
        <ProjectHeader
          sprout={sprout}
          tabs={<MainTabList className={cn('max-md:order-3 max-md:basis-full', mobileView === 'chat' && 'max-md:hidden')} />}
          mobileSwitch={
            <Segmented
              value={mobileView}
              onChange={nav.setMobileView}
              label="Show"
              className="grid basis-full grid-cols-2 rounded-lg p-1 max-md:order-2 md:hidden"
              itemClassName="h-8 rounded-md text-sm font-medium focus-visible:ring-[3px]"
              segments={[
                { value: 'chat', label: 'Chat', testId: 'mobile-view-chat' },
                { value: 'main', label: <AppLabel unseen={nav.appUnseen} />, testId: 'mobile-view-main' },
              ]}
            />
          }
        />

        <BuildErrorActionsProvider actions={WorkspaceBuildErrorActions}>
          <ResizableSplit
            mobileView={mobileView}
            chat={<ChatPanel sprout={sprout} notice={<BrokenVersionNotice sprout={sprout} />} />}
            main={<MainTabPanels sprout={sprout} tab={nav.tab} />}
          />
        </BuildErrorActionsProvider>
      </Tabs.Root>
    </TooltipProvider>
  );
}

function WorkspaceSkeleton() {
  return (
    <div className={FRAME} aria-busy="true" aria-label="Loading project" data-testid="project-loading">
      <Skeletons className="flex h-12 items-center border-b px-3" bars={['size-8', 'h-5 w-40', 'ml-auto h-8 w-20', 'h-8 w-24']} />
      <div className="flex min-h-0 flex-1">
        <div className="hidden w-80 border-r p-4 md:block lg:w-[380px]">
          <Skeleton className="ml-auto h-16 w-3/4 rounded-2xl" />
        </div>
        <div className="flex-1 p-4">
          <Skeleton className="h-full w-full rounded-xl" />
        </div>
      </div>
    </div>
  );
}

function ProjectLoader({ id, initialSprout }: { id: string; initialSprout?: Sprout }) {
  const query = useSprout(id, initialSprout, { follow: true });
  if (query.data) return <Workspace sprout={query.data} />;
  if (query.isError) {
    const err = query.error;
    if (hasStatus(err, 404, 400)) return <ProjectNotFound />;
    return (
      <QueryLoadError
        query={query}
        describe={errorText}
        as="main"
        className="flex-1 px-4 py-16"
        testId="project-error"
        title="This project did not load"
        retryLabel="Retry"
      />
    );
  }
  return <WorkspaceSkeleton />;
}

/** The /build/{id} project page: header, chat beside Preview | Code | History; on phones chat and app switch. */
export const ProjectWorkspace = signedInOnly(ProjectLoader);
