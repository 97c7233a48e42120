'use client';
import { DropdownMenu as M } from 'radix-ui';
import { Check, ChevronDown, Monitor, Smartphone, Tablet, type LucideIcon } from 'lucide-react';
import { Segmented } from '@/ui/segmented';
import { Tooltip } from '@/ui/tooltip';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '@/ui/dropdown-menu';

export type Device = 'mobile' | 'tablet' | 'desktop';

export const DEVICES: { value: Device; label: string; width: number | null; icon: LucideIcon }[] = [
  { value: 'mobile', label: 'Mobile', width: 375, icon: Smartphone },
  { value: 'tablet', label: 'Tablet', width: 768, icon: Tablet },
  { value: 'desktop', label: 'Desktop', width: null, icon: Monitor },
];

export const deviceOf = (value: Device) => DEVICES.find((d) => d.value === value)!;
const describe = (d: (typeof DEVICES)[number]) => `${d.label} (${d.width ? `${d.width} px` : 'full width'})`;

/**
 * Mobile / tablet / desktop widths: a segmented control (arrow keys move between the options) from
 * the `sm` breakpoint up, a menu on narrow screens where the three buttons would not fit.
 */
export function DeviceSwitcher({ value, onChange }: { value: Device; onChange: (device: Device) => void }) {
  const current = deviceOf(value);
  const CurrentIcon = current.icon;
  return (
    <>
      <Segmented
        value={value}
        onChange={onChange}
        label="Preview width"
        className="hidden h-8 items-center rounded-md p-0.5 sm:flex"
        itemClassName="flex h-7 w-8 items-center justify-center rounded-[calc(var(--radius)-5px)] transition-colors hover:text-foreground focus-visible:ring-[3px]"
        segments={DEVICES.map((d) => ({
          value: d.value,
          label: <d.icon className="size-4" aria-hidden="true" />,
          ariaLabel: describe(d),
          testId: `device-${d.value}`,
        }))}
        // The tooltip hangs on a wrapper: Radix would otherwise put the tooltip's data-state on the item.
        wrap={(item, s) => (
          <Tooltip content={s.ariaLabel}>
            <span className="flex">{item}</span>
          </Tooltip>
        )}
      />

      <DropdownMenu>
        <DropdownMenuTrigger
          aria-label={`Preview width: ${describe(current)}`}
          data-testid="device-menu"
          className="flex h-8 items-center gap-0.5 rounded-md px-1.5 text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:hidden"
        >
          <CurrentIcon className="size-4" aria-hidden="true" />
          <ChevronDown className="size-3" aria-hidden="true" />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <M.RadioGroup value={value} onValueChange={(v) => onChange(v as Device)}>
            {DEVICES.map((d) => (
              <M.RadioItem
                key={d.value}
                value={d.value}
                data-testid={`device-menu-${d.value}`}
                className="relative flex cursor-default items-center gap-2 rounded-sm py-1.5 pr-8 pl-2 text-sm outline-none select-none focus:bg-accent data-[state=checked]:font-medium"
              >
                <d.icon className="size-4" aria-hidden="true" />
                {describe(d)}
                <M.ItemIndicator className="absolute right-2 flex items-center">
                  <Check className="size-4" aria-hidden="true" />
                </M.ItemIndicator>
              </M.RadioItem>
            ))}
          </M.RadioGroup>
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}
