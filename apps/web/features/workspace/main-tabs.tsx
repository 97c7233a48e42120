'use client';
import type { Sprout } from '@sprout/core/contract';
import type { ComponentType } from 'react';
import { Tabs } from 'radix-ui';
import { cn } from '@/lib/cn';
import { AnalyticsPanel } from '@/features/analytics';
import { CodePanel } from '@/features/code';
import { DataPanel } from '@/features/data';
import { FunctionsPanel } from '@/features/functions';
import { HistoryPanel } from '@/features/history';
import { PreviewPanel } from '@/features/preview';
import type { MainTab } from '@/features/workspace-nav';

// `active`: the tab is the one showing (panels that refresh on their own do so only then).
const TABS: { value: MainTab; label: string; Panel: ComponentType<{ sprout: Sprout; active: boolean }> }[] = [
  { value: 'preview', label: 'Preview', Panel: PreviewPanel },
  { value: 'code', label: 'Code', Panel: CodePanel },
  { value: 'history', label: 'History', Panel: HistoryPanel },
  { value: 'data', label: 'Data', Panel: DataPanel },
  { value: 'functions', label: 'Functions', Panel: FunctionsPanel },
  { value: 'analytics', label: 'Analytics', Panel: AnalyticsPanel },
];

/** Preview | Code | History | Data | Functions | Analytics: in the workspace's top bar (inside the workspace's Tabs root). */
export function MainTabList({ className }: { className?: string }) {
  return (
    // Six views are wider than a 375 px phone with the desktop's spacing: tighter there, and scrollable
    // rather than cut off should a narrower screen or a larger font still not fit them.
    <Tabs.List aria-label="Project views" className={cn('flex h-9 shrink-0 items-center gap-0.5 overflow-x-auto sm:gap-1', className)}>
      {TABS.map((t) => (
        <Tabs.Trigger
          key={t.value}
          value={t.value}
          data-testid={`tab-${t.value}`}
          className="relative h-8 shrink-0 rounded-md px-2.5 text-sm font-medium sm:px-3 text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=active]:bg-accent data-[state=active]:text-foreground"
        >
          {t.label}
        </Tabs.Trigger>
      ))}
    </Tabs.List>
  );
}

/** The panels of the views beside the chat; the one of the chosen tab shows. */
export function MainTabPanels({ sprout, tab }: { sprout: Sprout; tab: MainTab }) {
  return (
    <div className="flex min-h-0 min-w-0 flex-1 flex-col">
      {TABS.map(({ value, Panel }) => (
        // Panels stay mounted when hidden so a running preview or an open file keeps its state.
        <Tabs.Content key={value} value={value} forceMount className="min-h-0 flex-1 overflow-auto outline-none data-[state=inactive]:hidden">
          <Panel sprout={sprout} active={tab === value} />
        </Tabs.Content>
      ))}
    </div>
  );
}
