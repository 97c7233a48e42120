'use client';
import type { Sprout } from '@sprout/core/contract';
import { lazy, Suspense, useRef, useState } from 'react';
import Link from 'next/link';
import { toast } from '@/lib/browser/toast';
import { Globe, MoreHorizontal, Pin, PinOff } from 'lucide-react';
import { usePatchSprout, useDeleteSprout } from './queries';
import { Button } from '@/ui/button';
import { LazyDropdownMenu } from '@/ui/lazy-dropdown-menu';
import { cn } from '@/lib/cn';
import { RelativeTime } from '@/ui/relative-time';
import { MiddleText } from '@/ui/middle-text';
import { splitAddress } from '@/lib/middle-truncate';
import { useNameEditing } from './use-rename';
import { ProjectThumbnail } from './project-thumbnail';

// The confirmation dialogs (Radix AlertDialog) load when one is asked for, not with the list; the
// actions menu's items with the menu, and the name field its Rename opens with them.
const ConfirmDialog = lazy(() => import('./project-row-confirm'));
const ProjectRowMenu = lazy(() => import('./project-row-menu'));
const loadNameEditor = () => import('./name-editor');
const NameEditor = lazy(() => loadNameEditor().then((m) => ({ default: m.NameEditor })));
const loadRowMenu = () => Promise.all([import('./project-row-menu'), loadNameEditor()]);

function hostOf(url: string): string {
  try {
    const u = new URL(url);
    return u.host + (u.pathname === '/' ? '' : u.pathname);
  } catch {
    return url;
  }
}

export function ProjectRow({ sprout }: { sprout: Sprout }) {
  const address = sprout.publicUrl ? splitAddress(hostOf(sprout.publicUrl)) : ['', ''];
  const pin = usePatchSprout();
  const unpublish = usePatchSprout();
  const remove = useDeleteSprout();
  const naming = useNameEditing(sprout);
  const [confirm, setConfirm] = useState<'delete' | 'unpublish' | null>(null);
  // Set when a menu item opens something that must keep focus (the name field, a dialog).
  const keepFocus = useRef(false);
  const href = `/build/${encodeURIComponent(sprout.id)}`;

  function togglePin() {
    pin.mutate({ sprout, changes: { isPinned: !sprout.isPinned } });
  }

  function confirmDelete(e: React.MouseEvent) {
    e.preventDefault();
    remove.mutate(sprout.id, {
      onSuccess: () => {
        setConfirm(null);
        toast.success(`Deleted “${sprout.displayName}”`);
      },
      onError: () => setConfirm(null),
    });
  }

  function confirmUnpublish(e: React.MouseEvent) {
    e.preventDefault();
    unpublish.mutate(
      { sprout, changes: { isDeploymentEnabled: false } },
      {
        onSuccess: () => toast.success(`“${sprout.displayName}” is no longer public`),
        onSettled: () => setConfirm(null),
      },
    );
  }

  return (
    <li
      data-testid="project-row"
      data-project-id={sprout.id}
      data-pinned={sprout.isPinned ? 'true' : 'false'}
      className="group relative flex min-w-0 items-center gap-3 rounded-xl border bg-card p-3 shadow-xs transition-colors focus-within:border-ring/60 hover:border-primary/40 sm:gap-4 sm:p-4"
    >
      <ProjectThumbnail sprout={sprout} name={naming.name} className="sm:h-12 sm:w-20" />

      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 items-center gap-2">
          {naming.editing ? (
            <Suspense fallback={<span className="truncate font-medium">{naming.name}</span>}>
              <NameEditor {...naming.field} inputTestId="rename-input" className="relative z-10 w-full max-w-sm" />
            </Suspense>
          ) : (
            <Link
              href={href}
              data-testid="project-link"
              className={cn(
                'truncate rounded-sm font-medium outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:after:ring-[3px] focus-visible:after:ring-ring/50',
                naming.saving && 'opacity-70',
              )}
            >
              {naming.name}
            </Link>
          )}
          {sprout.isPinned && !naming.editing ? (
            <Pin className="size-3.5 shrink-0 fill-current text-primary" aria-label="Pinned" role="img" data-testid="pinned-indicator" />
          ) : null}
        </div>
        <div className="mt-1 flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <RelativeTime iso={sprout.updatedAt} prefix="Edited" />
          {sprout.published && sprout.publicUrl ? (
            <a
              href={sprout.publicUrl}
              target="_blank"
              rel="noreferrer"
              data-testid="published-badge"
              title={`Published at ${sprout.publicUrl}`}
              className="relative z-10 inline-flex max-w-full min-w-0 items-center gap-1 rounded-full bg-primary/15 px-2 py-0.5 font-medium text-primary outline-none hover:bg-primary/20 focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <Globe className="size-3 shrink-0" aria-hidden="true" />
              <span className="shrink-0">Published</span>
              {/* Cut in the middle: the address keeps its domain, which is what tells addresses apart. */}
              <span className="hidden min-w-0 font-normal opacity-80 sm:flex" data-testid="published-address">
                <span className="shrink-0 whitespace-pre">· </span>
                <MiddleText head={address[0]} tail={address[1]} />
              </span>
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : null}
        </div>
      </div>

      <div className="relative z-10 flex shrink-0 items-center gap-1">
        <Button
          variant="ghost"
          size="icon"
          className="hidden size-8 text-muted-foreground sm:inline-flex sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100"
          aria-label={sprout.isPinned ? `Unpin ${sprout.displayName}` : `Pin ${sprout.displayName}`}
          aria-pressed={sprout.isPinned}
          data-testid="pin-toggle"
          onClick={togglePin}
        >
          {sprout.isPinned ? <PinOff /> : <Pin />}
        </Button>
        <LazyDropdownMenu
          preload={loadRowMenu}
          trigger={
            <Button variant="ghost" size="icon" className="size-8" aria-label={`Actions for ${sprout.displayName}`} data-testid="project-actions">
              <MoreHorizontal />
            </Button>
          }
        >
          {() => (
            <Suspense fallback={null}>
              <ProjectRowMenu sprout={sprout} href={href} keepFocus={keepFocus} onRename={naming.startEditing} onTogglePin={togglePin} onConfirm={setConfirm} />
            </Suspense>
          )}
        </LazyDropdownMenu>
      </div>

      {confirm ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            kind={confirm}
            sprout={sprout}
            pending={confirm === 'delete' ? remove.isPending : unpublish.isPending}
            onCancel={() => setConfirm(null)}
            onConfirm={confirm === 'delete' ? confirmDelete : confirmUnpublish}
          />
        </Suspense>
      ) : null}
    </li>
  );
}
