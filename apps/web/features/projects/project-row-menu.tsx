'use client';
import type { Sprout } from '@sprout/core/contract';
import type { RefObject } from 'react';
import Link from 'next/link';
import { ExternalLink, GlobeLock, Pencil, Pin, PinOff, Trash2 } from 'lucide-react';
import { DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator } from '@/ui/dropdown-menu';

export interface ProjectRowMenuProps {
  sprout: Sprout;
  href: string;
  /** Set when an action moves focus elsewhere (the name editor, a dialog): the menu must not take it back. */
  keepFocus: RefObject<boolean>;
  onRename: () => void;
  onTogglePin: () => void;
  onConfirm: (kind: 'delete' | 'unpublish') => void;
}

/** A project row's actions menu, loaded with the menu itself (./project-row), not with the list. */
export default function ProjectRowMenu({ sprout, href, keepFocus, onRename, onTogglePin, onConfirm }: ProjectRowMenuProps) {
  const confirm = (kind: 'delete' | 'unpublish') => () => {
    keepFocus.current = true;
    onConfirm(kind);
  };
  return (
    <DropdownMenuContent
      align="end"
      onCloseAutoFocus={(e) => {
        if (keepFocus.current) e.preventDefault();
        keepFocus.current = false;
      }}
    >
      <DropdownMenuItem asChild data-testid="action-open">
        <Link href={href}>
          <ExternalLink /> Open
        </Link>
      </DropdownMenuItem>
      <DropdownMenuItem
        data-testid="action-rename"
        onSelect={() => {
          keepFocus.current = true;
          onRename();
        }}
      >
        <Pencil /> Rename
      </DropdownMenuItem>
      <DropdownMenuItem data-testid="action-pin" onSelect={onTogglePin}>
        {sprout.isPinned ? (
          <>
            <PinOff /> Unpin
          </>
        ) : (
          <>
            <Pin /> Pin to top
          </>
        )}
      </DropdownMenuItem>
      {sprout.published ? (
        <DropdownMenuItem data-testid="action-unpublish" onSelect={confirm('unpublish')}>
          <GlobeLock /> Unpublish
        </DropdownMenuItem>
      ) : null}
      <DropdownMenuSeparator />
      <DropdownMenuItem variant="destructive" data-testid="action-delete" onSelect={confirm('delete')}>
        <Trash2 /> Delete
      </DropdownMenuItem>
    </DropdownMenuContent>
  );
}
