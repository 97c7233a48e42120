import Link from 'next/link';
import { FolderSearch } from 'lucide-react';
import { Button } from '@/ui/button';

/** Shown for an unknown project id, a deleted project, or one that belongs to someone else. */
export function ProjectNotFound() {
  return (
    <main data-testid="project-not-found" className="flex flex-1 items-center justify-center px-4 py-16">
      <div className="flex max-w-md flex-col items-center text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl border bg-muted/60 text-muted-foreground">
          <FolderSearch className="size-6" aria-hidden="true" />
        </span>
        <h1 className="mt-5 text-2xl font-semibold tracking-tight">We can’t find that project</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          It may have been deleted, or the link belongs to a different account. Your own projects are all on your projects page.
        </p>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row">
          <Button asChild>
            <Link href="/build">Go to your projects</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/">Start something new</Link>
          </Button>
        </div>
      </div>
    </main>
  );
}
