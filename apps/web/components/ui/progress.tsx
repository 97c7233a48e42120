'use client';
import * as React from 'react';
import { Progress as P } from 'radix-ui';
import { cn } from '@/lib/cn';

export function Progress({ className, value, ...props }: React.ComponentProps<typeof P.Root>) {
  return (
    <P.Root className={cn('relative h-2 w-full overflow-hidden rounded-full bg-primary/15', className)} value={value} {...props}>
      <P.Indicator className="h-full w-full flex-1 bg-primary transition-transform" style={{ transform: `translateX(-${100 - (value ?? 0)}%)` }} />
    </P.Root>
  );
}
