import { cn } from '@/lib/cn';

// A stable hue per name, from the brand greens through teal and amber, so projects are told apart at a glance.
const HUES = [150, 165, 180, 135, 195, 95, 120, 210];

function hueFor(name: string): number {
  let h = 0;
  for (let i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) >>> 0;
  return HUES[h % HUES.length]!;
}

/** The project's initial on a tinted tile; the tint follows `seed` (the id) so a rename keeps the colour. */
export function ProjectAvatar({ name, seed, className }: { name: string; seed?: string; className?: string }) {
  const hue = hueFor(seed ?? name);
  const letter = (name.trim().match(/[\p{L}\p{N}]/u)?.[0] ?? '#').toUpperCase();
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-lg text-base font-semibold text-[oklch(0.35_0.09_var(--h))] dark:text-[oklch(0.9_0.08_var(--h))]',
        'bg-[oklch(0.92_0.05_var(--h))] dark:bg-[oklch(0.32_0.06_var(--h))]',
        className,
      )}
      style={{ ['--h' as string]: hue }}
    >
      {letter}
    </span>
  );
}
