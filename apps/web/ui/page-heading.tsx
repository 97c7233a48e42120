import type { ReactNode } from 'react';

/** A page's title and the sentence under it. */
export function PageHeading({ title, description, className }: { title: ReactNode; description: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      <p className="mt-1 text-sm text-muted-foreground">{description}</p>
    </div>
  );
}
