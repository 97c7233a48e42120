'use client';
import { CalendarClock, Dumbbell, ImageDown, Sparkles, SquareKanban, type LucideIcon } from 'lucide-react';
import { QUICK_START_CHIPS } from '@sprout/core';
import { usePromptDraft } from '@/components/prompt-box';
import { cn } from '@/lib/cn';
import { useHomeBucket } from './home-root';

const ICONS: Record<string, LucideIcon> = {
  'agency-project-manager': SquareKanban,
  'appointment-scheduler': CalendarClock,
  'fitness-coach-website': Dumbbell,
  'image-compressor': ImageDown,
};

/** What 'demo-ab-test' varies on the home page: the heading above the chips. */
const HEADINGS = {
  original: 'Not sure where to start? Try one of these',
  variant1: 'Start from a ready-made idea',
} as const;

/** SPEC §2 quick-start chips: a click fills the prompt box with a complete prompt and focuses it. */
export function QuickStartChips({ className }: { className?: string }) {
  const draft = usePromptDraft();
  const bucket = useHomeBucket();
  return (
    <section aria-labelledby="quick-start-heading" className={cn('flex flex-col items-center gap-3', className)}>
      <h2
        id="quick-start-heading"
        className={cn('flex min-h-5 items-center gap-1.5 text-sm text-muted-foreground transition-opacity duration-300', bucket ? 'opacity-100' : 'opacity-0')}
        data-testid="chips-heading"
      >
        <Sparkles className="size-3.5 text-primary" aria-hidden="true" />
        {HEADINGS[bucket ?? 'original']}
      </h2>
      <ul className="flex flex-wrap justify-center gap-2">
        {QUICK_START_CHIPS.map((chip) => {
          const Icon = ICONS[chip.id] ?? Sparkles;
          return (
            <li key={chip.id}>
              <button
                type="button"
                data-testid={`chip-${chip.id}`}
                onClick={() => draft?.fill(chip.prompt)}
                className="inline-flex h-9 items-center gap-2 rounded-full border bg-background/80 px-3.5 text-sm font-medium shadow-xs backdrop-blur transition-colors outline-none hover:border-primary/40 hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <Icon className="size-4 text-primary" aria-hidden="true" />
                {chip.title}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
