'use client';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { tabKeyTarget } from './tab-keys';

export interface TabItem {
  id: string;
  title: ReactNode;
  panel: ReactNode;
  testId?: string;
}

/**
 * Tabs (WAI-ARIA): one tab stop, arrow keys and Home/End move between tabs and show the one they
 * reach, a click shows its panel. Titles and panels may be server-rendered: this component only
 * decides which panel is shown, so a page's tab contents need not ship as JavaScript. Inactive
 * panels stay in the page, hidden. `data-state` (active | inactive) is there for styles.
 */
export function TabSet({
  label,
  tabs,
  className,
  listClassName,
  tabClassName,
  panelClassName,
}: {
  label: string;
  tabs: readonly TabItem[];
  className?: string;
  listClassName?: string;
  tabClassName?: string;
  panelClassName?: string;
}) {
  const [active, setActive] = useState(tabs[0]?.id);
  const base = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const tabId = (i: number) => `${base}-tab-${i}`;
  const panelId = (i: number) => `${base}-panel-${i}`;

  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>, index: number) {
    const target = tabKeyTarget(e.key, index, tabs.length);
    if (target === null) return;
    e.preventDefault();
    setActive(tabs[target]!.id);
    buttons.current[target]?.focus();
  }

  return (
    <div className={className}>
      <div role="tablist" aria-label={label} aria-orientation="horizontal" className={listClassName}>
        {tabs.map((tab, i) => {
          const selected = tab.id === active;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                buttons.current[i] = el;
              }}
              type="button"
              role="tab"
              id={tabId(i)}
              aria-selected={selected}
              aria-controls={panelId(i)}
              tabIndex={selected ? 0 : -1}
              data-state={selected ? 'active' : 'inactive'}
              data-testid={tab.testId}
              onClick={() => setActive(tab.id)}
              onKeyDown={(e) => onKeyDown(e, i)}
              className={tabClassName}
            >
              {tab.title}
            </button>
          );
        })}
      </div>
      {tabs.map((tab, i) => {
        const selected = tab.id === active;
        return (
          <div
            key={tab.id}
            role="tabpanel"
            id={panelId(i)}
            aria-labelledby={tabId(i)}
            hidden={!selected}
            tabIndex={-1}
            data-state={selected ? 'active' : 'inactive'}
            className={panelClassName}
          >
            {tab.panel}
          </div>
        );
      })}
    </div>
  );
}
