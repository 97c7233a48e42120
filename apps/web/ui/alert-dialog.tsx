'use client';
import * as React from 'react';
import { AlertDialog as A } from 'radix-ui';
import { cn } from '@/lib/cn';
import { buttonVariants } from './button';
import { useReturnFocus } from './return-focus';

export const AlertDialog = A.Root;
export const AlertDialogTrigger = A.Trigger;

export function AlertDialogContent({ className, onOpenAutoFocus, onCloseAutoFocus, ...props }: React.ComponentProps<typeof A.Content>) {
  const returnFocus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <A.Portal>
      <A.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <A.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-background p-6 shadow-lg',
          className,
        )}
        {...returnFocus}
        {...props}
      />
    </A.Portal>
  );
}

export const AlertDialogTitle = ({ className, ...props }: React.ComponentProps<typeof A.Title>) => (
  <A.Title className={cn('text-lg font-semibold', className)} {...props} />
);
export const AlertDialogDescription = ({ className, ...props }: React.ComponentProps<typeof A.Description>) => (
  <A.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
);
export const AlertDialogFooter = ({ className, ...props }: React.ComponentProps<'div'>) => (
  <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />
);
export const AlertDialogCancel = ({ className, ...props }: React.ComponentProps<typeof A.Cancel>) => (
  <A.Cancel className={cn(buttonVariants({ variant: 'outline' }), className)} {...props} />
);
export const AlertDialogAction = ({ className, ...props }: React.ComponentProps<typeof A.Action>) => (
  <A.Action className={cn(buttonVariants({ variant: 'destructive' }), className)} {...props} />
);
