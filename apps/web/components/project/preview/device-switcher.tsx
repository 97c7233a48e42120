'use client';
import { DropdownMenu as M, ToggleGroup } from 'radix-ui';
import { Check, ChevronDown, Monitor, Smartphone, Tablet, type LucideIcon } from 'lucide-react';
import { Tooltip } from '@/components/ui/tooltip';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';

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
      <ToggleGroup.Root
        type="single"
        value={value}
        onValueChange={(v) => v && onChange(v as Device)}
        aria-label="Preview width"
        className="hidden h-8 items-center rounded-md bg-muted p-0.5 sm:flex"
      >
        {DEVICES.map((d) => (
          // The tooltip hangs on a wrapper: Radix would otherwise put the tooltip's data-state on the item.
          <Tooltip key={d.value} content={describe(d)}>
            <span className="flex">
              <ToggleGroup.Item
                value={d.value}
                aria-label={describe(d)}
                data-testid={`device-${d.value}`}
                className="flex h-7 w-8 items-center justify-center rounded-[calc(var(--radius)-5px)] text-muted-foreground outline-none transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=on]:bg-background data-[state=on]:text-foreground data-[state=on]:shadow-xs"
              >
                <d.icon className="size-4" aria-hidden="true" />
              </ToggleGroup.Item>
            </span>
          </Tooltip>
        ))}
      </ToggleGroup.Root>

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
