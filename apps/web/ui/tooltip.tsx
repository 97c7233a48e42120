'use client';
import * as React from 'react';
import { Tooltip as T } from 'radix-ui';
import { cn } from '@/lib/cn';

export const TooltipProvider = T.Provider;

export function Tooltip({ content, children }: { content: React.ReactNode; children: React.ReactNode }) {
  return (
    <T.Root>
      <T.Trigger asChild>{children}</T.Trigger>
      <T.Portal>
        <T.Content sideOffset={6} className={cn('z-50 rounded-md bg-foreground px-2 py-1 text-xs text-background shadow')}>
          {content}
        </T.Content>
      </T.Portal>
    </T.Root>
  );
}
