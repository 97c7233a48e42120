'use client';
import type { Sprout } from '@sprout/core/contract';
import { useScreenshot } from '@/lib/api/screenshots';
import { cn } from '@/lib/cn';
import { ProjectAvatar } from './project-avatar';

/**
 * What the project looks like: the render check's picture of its newest pictured version, else
 * (none yet, or while it loads) its initial on a tinted tile of the same size. Decorative: the
 * project's name is always beside it.
 */
export function ProjectThumbnail({ sprout, name, className }: { sprout: Pick<Sprout, 'id' | 'thumbnailId'>; name: string; className?: string }) {
  const shot = useScreenshot(sprout.id, sprout.thumbnailId ?? null);
  if (!shot.data) return <ProjectAvatar name={name} seed={sprout.id} className={className} />;
  return (
    <img
      src={shot.data}
      alt=""
      aria-hidden="true"
      data-testid="project-thumbnail"
      className={cn('size-10 shrink-0 rounded-lg border bg-muted object-cover object-top', className)}
    />
  );
}
