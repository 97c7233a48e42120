'use client';
import { Check } from 'lucide-react';
import type { DesignDirection } from '@sprout/core/contract';
import { cn } from '@/lib/cn';

const FONTS: Record<DesignDirection['type'], string> = {
  sans: 'ui-sans-serif, system-ui, sans-serif',
  serif: 'ui-serif, Georgia, serif',
  mono: 'ui-monospace, SFMono-Regular, monospace',
};
const GAP: Record<DesignDirection['density'], string> = { compact: '3px', comfortable: '5px', airy: '7px' };

/** A direction drawn as a tiny app: its page, text, a header, a card, a button and a tag, in its type and spacing. */
function Thumbnail({ d }: { d: DesignDirection }) {
  const { primary, accent, background, foreground } = d.palette;
  const line = (width: string, opacity = 0.55) => <span className="block h-1 rounded-full" style={{ width, background: foreground, opacity }} />;
  return (
    <span
      aria-hidden="true"
      className="flex h-20 w-full flex-col overflow-hidden rounded-md border text-[7px] leading-none"
      style={{ background, color: foreground, fontFamily: FONTS[d.type], padding: GAP[d.density], gap: GAP[d.density] }}
    >
      <span className="flex items-center gap-1">
        <span className="size-2 rounded-sm" style={{ background: primary }} />
        <span className="font-semibold">{d.name}</span>
      </span>
      <span className="flex flex-1 flex-col justify-center gap-1 rounded-sm border px-1" style={{ borderColor: `${foreground}22` }}>
        {line('80%')}
        {line('55%', 0.35)}
      </span>
      <span className="flex items-center gap-1">
        <span className="rounded-sm px-1.5 py-0.5 font-medium" style={{ background: primary, color: d.dark ? '#0b0b0c' : '#ffffff' }}>
          Save
        </span>
        <span className="rounded-full px-1 py-0.5" style={{ background: `${accent}55` }}>
          new
        </span>
      </span>
    </span>
  );
}

/** A new project's design directions as rendered thumbnails to pick from before the build (no model was asked for them). */
export function DesignDirections({
  directions,
  chosen,
  disabled,
  onChoose,
}: {
  directions: readonly DesignDirection[];
  chosen: string | null;
  disabled: boolean;
  onChoose: (id: string) => void;
}) {
  return (
    <div role="group" aria-label="Design direction" className="grid gap-1.5" data-testid="plan-directions">
      <p className="font-medium">Design direction</p>
      <div className="grid grid-cols-3 gap-2">
        {directions.map((d) => {
          const on = chosen === d.id;
          return (
            <button
              key={d.id}
              type="button"
              aria-pressed={on}
              aria-label={`${d.name}: ${d.description}`}
              title={d.description}
              disabled={disabled}
              onClick={() => onChoose(d.id)}
              className={cn(
                'grid gap-1 rounded-lg border p-1 text-left text-xs outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-default',
                on && 'border-primary ring-2 ring-primary/40',
              )}
            >
              <Thumbnail d={d} />
              <span className="flex items-center gap-1 px-0.5 font-medium">
                {on ? <Check className="size-3 text-primary" aria-hidden="true" /> : null}
                {d.name}
              </span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
