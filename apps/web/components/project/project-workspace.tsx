'use client';
import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { Tabs, ToggleGroup } from 'radix-ui';
import { AlertCircle, RotateCw } from 'lucide-react';
import { ApiError } from '@/lib/client/api';
import { useSprout } from '@/lib/client/queries';
import type { Sprout } from '@/lib/client/types';
import { AuthGate } from '@/components/auth-gate';
import { SIGNED_IN_SERVER_CHECKED } from '@/components/projects/auth-policy';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { TooltipProvider } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { ChatPanel } from './chat-panel';
import { useChatSession } from './chat/use-chat-session';
import { CodePanel } from './code-panel';
import { HistoryPanel } from './history-panel';
import { PreviewPanel } from './preview-panel';
import { ProjectHeader } from './project-header';
import { ProjectNotFound } from './project-not-found';
import { useFirstPrompt } from './use-first-prompt';

type MainTab = 'preview' | 'code' | 'history';
type MobileView = 'chat' | 'main';

const TABS: { value: MainTab; label: string; Panel: ComponentType<{ sprout: Sprout }> }[] = [
  { value: 'preview', label: 'Preview', Panel: PreviewPanel },
  { value: 'code', label: 'Code', Panel: CodePanel },
  { value: 'history', label: 'History', Panel: HistoryPanel },
];

// The site header is h-14; the workspace takes the rest of the screen and scrolls inside its panels.
const FRAME = 'flex h-[calc(100dvh-3.5rem)] min-h-0 flex-col overflow-hidden';

/** Keeps the tab title in step with a rename ("{name} | {site title}"). */
function useDocumentTitle(name: string) {
  useEffect(() => {
    const [, ...rest] = document.title.split(' | ');
    document.title = rest.length ? `${name} | ${rest.join(' | ')}` : name;
  }, [name]);
}

function Workspace({ sprout }: { sprout: Sprout }) {
  const firstPrompt = useFirstPrompt(sprout.id);
  const chat = useChatSession(sprout.id);
  // The project's first prompt becomes its first chat message, through the chat's own send path.
  const sendFirstPrompt = useCallback((text: string) => void chat.send(text, { source: 'first' }), [chat]);
  const [tab, setTab] = useState<MainTab>('preview');
  const [mobileView, setMobileView] = useState<MobileView>('chat');
  useDocumentTitle(sprout.displayName);

  // Tooltips are used on this page only: their provider (and Radix Tooltip) is not in the shell.
  return (
    <TooltipProvider delayDuration={300}>
      <div className={FRAME} data-testid="project-workspace" data-project-id={sprout.id}>
        <ProjectHeader sprout={sprout} />

        <div className="shrink-0 border-b p-2 md:hidden">
          <ToggleGroup.Root
            type="single"
            value={mobileView}
            onValueChange={(v) => v && setMobileView(v as MobileView)}
            aria-label="Show"
            className="grid grid-cols-2 rounded-lg bg-muted p-1"
          >
            {(
              [
                ['chat', 'Chat'],
                ['main', 'App'],
              ] as const
            ).map(([value, label]) => (
              <ToggleGroup.Item
                key={value}
                value={value}
                data-testid={`mobile-view-${value}`}
                className="h-8 rounded-md text-sm font-medium text-muted-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-xs"
              >
                {label}
              </ToggleGroup.Item>
            ))}
          </ToggleGroup.Root>
        </div>

        <div className="flex min-h-0 flex-1">
          <aside
            aria-label="Chat"
            className={cn(
              'min-h-0 flex-col bg-background md:flex md:w-80 md:shrink-0 md:border-r lg:w-[380px]',
              mobileView === 'chat' ? 'flex w-full' : 'hidden',
            )}
          >
            <ChatPanel sprout={sprout} firstPrompt={firstPrompt} onFirstPrompt={sendFirstPrompt} />
          </aside>

          <Tabs.Root
            value={tab}
            onValueChange={(v) => setTab(v as MainTab)}
            className={cn('min-h-0 min-w-0 flex-1 flex-col md:flex', mobileView === 'main' ? 'flex' : 'hidden')}
          >
            <Tabs.List aria-label="Project views" className="flex h-11 shrink-0 items-center gap-1 border-b px-2">
              {TABS.map((t) => (
                <Tabs.Trigger
                  key={t.value}
                  value={t.value}
                  data-testid={`tab-${t.value}`}
                  className="relative h-8 rounded-md px-3 text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=active]:bg-accent data-[state=active]:text-foreground"
                >
                  {t.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {TABS.map(({ value, Panel }) => (
              // Panels stay mounted when hidden so a running preview or an open file keeps its state.
              <Tabs.Content key={value} value={value} forceMount className="min-h-0 flex-1 overflow-auto outline-none data-[state=inactive]:hidden">
                <Panel sprout={sprout} />
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </div>
      </div>
    </TooltipProvider>
  );
}

function WorkspaceSkeleton() {
  return (
    <div className={FRAME} aria-busy="true" aria-label="Loading project" data-testid="project-loading">
      <div className="flex h-12 items-center gap-2 border-b px-3">
        <Skeleton className="size-8" />
        <Skeleton className="h-5 w-40" />
        <Skeleton className="ml-auto h-8 w-20" />
        <Skeleton className="h-8 w-24" />
      </div>
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

function WorkspaceError({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) {
  return (
    <main role="alert" className="flex flex-1 flex-col items-center justify-center gap-3 px-4 py-16 text-center" data-testid="project-error">
      <span className="flex size-10 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <AlertCircle className="size-5" aria-hidden="true" />
      </span>
      <p className="font-medium">This project did not load</p>
      <p className="max-w-md text-sm break-words text-muted-foreground">{message}</p>
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        <RotateCw className={retrying ? 'animate-spin' : undefined} aria-hidden="true" /> Retry
      </Button>
    </main>
  );
}

function ProjectLoader({ id, initialSprout }: { id: string; initialSprout?: Sprout }) {
  const query = useSprout(id, initialSprout);
  if (query.data) return <Workspace sprout={query.data} />;
  if (query.isError) {
    const err = query.error;
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return <ProjectNotFound />;
    const message = err instanceof ApiError ? (err.serverMessage ?? `${err.statusText} (${err.status})`) : err.message;
    return <WorkspaceError message={message} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  return <WorkspaceSkeleton />;
}

/** The /build/{id} project page: header, chat beside Preview | Code | History; on phones chat and app switch. */
export function ProjectWorkspace({ id, initialSprout }: { id: string; initialSprout?: Sprout }) {
  return (
    <AuthGate policy={SIGNED_IN_SERVER_CHECKED}>
      <ProjectLoader id={id} initialSprout={initialSprout} />
    </AuthGate>
  );
}
