'use client';
import { MousePointerClick } from 'lucide-react';
import { Button } from '@/ui/button';
import { Tooltip } from '@/ui/tooltip';
import { cn } from '@/lib/cn';

/** Pick mode on and off (Alt+E): hover the preview to see an element, click to select it. */
export function SelectElementButton({ picking, onToggle, disabled }: { picking: boolean; onToggle: () => void; disabled?: boolean }) {
  return (
    <Tooltip content={picking ? 'Stop selecting (Esc)' : 'Select an element to edit (Alt+E)'}>
      <Button
        variant="ghost"
        size="icon"
        className={cn('size-8', picking && 'bg-primary/15 text-primary hover:bg-primary/20')}
        aria-label="Select element"
        aria-pressed={picking}
        aria-keyshortcuts="Alt+E"
        data-testid="preview-select-element"
        disabled={disabled}
        onClick={onToggle}
      >
        <MousePointerClick aria-hidden="true" />
      </Button>
    </Tooltip>
  );
}
