import { CalendarClock, Dumbbell, ImageDown, Sparkles, SquareKanban, type LucideIcon } from 'lucide-react';
import { QUICK_START_CHIPS } from '@sprout/core';
import { cn } from '@/lib/cn';
import { ChipsHeading } from './chips-heading';
import { FillPromptButton } from './fill-prompt-button';

const ICONS: Record<string, LucideIcon> = {
  'agency-project-manager': SquareKanban,
  'appointment-scheduler': CalendarClock,
  'fitness-coach-website': Dumbbell,
  'image-compressor': ImageDown,
};

/**
 * Quick-start chips: a click fills the prompt box with a complete prompt and focuses it.
 * Rendered on the server; the heading (an experiment's) and the clicks run in the browser.
 */
export function QuickStartChips({ className }: { className?: string }) {
  return (
    <section aria-labelledby="quick-start-heading" className={cn('flex flex-col items-center gap-3', className)}>
      <ChipsHeading />
      <ul className="flex flex-wrap justify-center gap-2">
        {QUICK_START_CHIPS.map((chip) => {
          const Icon = ICONS[chip.id] ?? Sparkles;
          return (
            <li key={chip.id}>
              <FillPromptButton
                prompt={chip.prompt}
                data-testid={`chip-${chip.id}`}
                className="inline-flex h-9 items-center gap-2 rounded-full border bg-background/80 px-3.5 text-sm font-medium shadow-xs backdrop-blur transition-colors outline-none hover:border-primary/40 hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <Icon className="size-4 text-primary" aria-hidden="true" />
                {chip.title}
              </FillPromptButton>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
