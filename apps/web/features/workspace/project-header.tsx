'use client';
import type { Sprout } from '@sprout/core/contract';
import { useState, type ReactNode } from 'react';
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { ArrowLeft, Globe, Link2, Pencil, Rocket } from 'lucide-react';
import { readRouteHistory } from '@/lib/browser/route-history';
import { Button } from '@/ui/button';
import { Tooltip } from '@/ui/tooltip';
import { NameEditor, useNameEditing } from '@/features/projects';
import { MiddleText } from '@/ui/middle-text';
import { cn } from '@/lib/cn';
import { useAuth } from '@/lib/api/auth';
import { Logo } from '@/ui/logo';
import { UserMenu } from '@/features/shell';
import { splitText } from '@/lib/middle-truncate';
import { backTarget } from './back-target';
import { ExportButton } from '@/features/export';
import { GitCloneButton } from '@/features/access-tokens';
import { PublishDialog } from '@/features/publish';
import { ShareDialog } from '@/features/share';

/**
 * The workspace's one top bar (the site header steps aside on this page): Sprout's mark to the
 * projects, back, the project's name (rename), the views (`tabs`), share, export, publish and the
 * person's menu. On phones it wraps: the chat/app switch (`mobileSwitch`) and, when the app shows,
 * the views go on rows of their own.
 */
export function ProjectHeader({ sprout, tabs, mobileSwitch }: { sprout: Sprout; tabs?: ReactNode; mobileSwitch?: ReactNode }) {
  const router = useRouter();
  const pathname = usePathname();
  const naming = useNameEditing(sprout);
  const { user } = useAuth();
  const [dialog, setDialog] = useState<'publish' | 'share' | null>(null);
  const [nameHead, nameTail] = splitText(naming.name);

  return (
    <header
      data-testid="workspace-bar"
      className="flex shrink-0 flex-wrap items-center gap-x-1 gap-y-2 border-b bg-background px-2 py-1.5 sm:gap-x-2 sm:px-3 md:h-12 md:flex-nowrap md:py-0"
    >
      <Tooltip content="All projects">
        <Link
          href="/build"
          data-testid="nav-projects"
          aria-label="Projects"
          className="flex size-8 shrink-0 items-center justify-center rounded-md outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <Logo className="size-6" />
        </Link>
      </Tooltip>
      <Tooltip content="Back">
        <Button
          variant="ghost"
          size="icon"
          className="size-8 shrink-0 max-sm:hidden"
          aria-label="Back"
          data-testid="back-button"
          onClick={() => router.push(backTarget(readRouteHistory(), pathname))}
        >
          <ArrowLeft />
        </Button>
      </Tooltip>

      <div className="flex min-w-0 flex-1 items-center gap-2">
        {naming.editing ? (
          <NameEditor {...naming.field} inputTestId="project-name-input" className="w-full max-w-xs" />
        ) : (
          <button
            type="button"
            data-testid="project-name"
            onClick={naming.startEditing}
            title="Rename project"
            className={cn(
              'group flex h-8 min-w-0 items-center gap-1.5 rounded-md px-2 text-sm font-semibold outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
              naming.saving && 'opacity-70',
            )}
          >
            <MiddleText head={nameHead} tail={nameTail} title={naming.name} />
            <Pencil
              className="size-3.5 shrink-0 text-muted-foreground opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
              aria-hidden="true"
            />
            <span className="sr-only">, rename</span>
          </button>
        )}
        {sprout.published && !naming.editing ? (
          <span className="hidden shrink-0 items-center gap-1 rounded-full bg-primary/15 px-2 py-0.5 text-xs font-medium text-primary sm:inline-flex">
            <Globe className="size-3" aria-hidden="true" /> Live
          </span>
        ) : null}
      </div>

      {tabs}

      <div className="flex shrink-0 items-center gap-1 sm:gap-2 md:flex-1 md:justify-end">
        <Tooltip content="Share a copy others can remix (not your live app)">
          <Button
            variant="outline"
            size="sm"
            className="shrink-0"
            data-testid="share-button"
            aria-label="Share a remixable copy"
            onClick={() => setDialog('share')}
          >
            <Link2 aria-hidden="true" />
            <span className="hidden sm:inline">Share</span>
          </Button>
        </Tooltip>
        <ExportButton sprout={sprout} />
        <GitCloneButton sprout={sprout} />
        <Button size="sm" className="shrink-0" data-testid="publish-button" onClick={() => setDialog('publish')}>
          {sprout.published ? <Globe aria-hidden="true" /> : <Rocket aria-hidden="true" />}
          {/* The icon alone on the narrowest phones, where the project's name needs the room. */}
          <span className="max-[420px]:sr-only">{sprout.published ? 'Published' : 'Publish'}</span>
        </Button>
        {user ? <UserMenu user={user} compact /> : null}
      </div>

      {mobileSwitch}

      <PublishDialog sprout={sprout} open={dialog === 'publish'} onOpenChange={(open) => setDialog(open ? 'publish' : null)} />
      <ShareDialog sprout={sprout} open={dialog === 'share'} onOpenChange={(open) => setDialog(open ? 'share' : null)} />
    </header>
  );
}
