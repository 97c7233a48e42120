import { cn } from '@/lib/cn';

/** A bar that moves without saying how far along the work is (the work has no measure). */
export function IndeterminateBar({ className, trackClassName }: { className?: string; trackClassName?: string }) {
  return (
    <div className={cn('overflow-hidden bg-primary/15', trackClassName)} aria-hidden="true">
      <style>{'@keyframes sprout-indeterminate{0%{transform:translateX(-100%)}100%{transform:translateX(300%)}}'}</style>
      <div className={cn('h-full w-1/3 rounded-full bg-primary motion-safe:animate-[sprout-indeterminate_1.2s_ease-in-out_infinite]', className)} />
    </div>
  );
}
