'use client';
import { Sparkles } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useHomeBucket } from './home-root';

/** What 'demo-ab-test' varies on the home page: the heading above the chips. */
const HEADINGS = {
  original: 'Not sure where to start? Try one of these',
  variant1: 'Start from a ready-made idea',
} as const;

/** The chips' heading, shown once the visitor's bucket is known. */
export function ChipsHeading() {
  const bucket = useHomeBucket();
  return (
    <h2
      id="quick-start-heading"
      className={cn('flex min-h-5 items-center gap-1.5 text-sm text-muted-foreground transition-opacity duration-300', bucket ? 'opacity-100' : 'opacity-0')}
      data-testid="chips-heading"
    >
      <Sparkles className="size-3.5 text-primary" aria-hidden="true" />
      {HEADINGS[bucket ?? 'original']}
    </h2>
  );
}
