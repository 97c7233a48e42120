'use client';
import { Switch } from '@/ui/switch';
import { Tooltip } from '@/ui/tooltip';

/** Plan mode for the next message: Sprout answers with a plan to approve (free) instead of building. */
export function PlanSwitch({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  return (
    <Tooltip content={on ? 'Sprout will answer with a plan first (free). Build from it when it looks right.' : 'Ask for a plan before building'}>
      <label className="flex shrink-0 cursor-pointer items-center gap-1.5 rounded-md px-1.5 py-1 text-xs font-medium text-muted-foreground hover:text-foreground">
        <Switch checked={on} onCheckedChange={onChange} aria-label="Plan" data-testid="composer-plan" className="scale-90" />
        Plan
      </label>
    </Tooltip>
  );
}
