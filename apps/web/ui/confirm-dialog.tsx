'use client';
import type { MouseEvent, ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './alert-dialog';

export interface ConfirmDialogProps {
  /** Controlled; leave out with `trigger` to let the trigger open it. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The button that opens it. */
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** What the person may choose before confirming (a checkbox), under the description. */
  children?: ReactNode;
  cancelLabel?: string;
  confirmLabel: ReactNode;
  onConfirm: (e: MouseEvent) => void;
  /** The action is under way: both buttons wait, the confirm button spins. */
  pending?: boolean;
  testId?: string;
  confirmTestId?: string;
  /** The confirm button's look (destructive by default). */
  confirmClassName?: string;
}

/** "Are you sure?" before an action that is hard to take back (delete, unpublish, cancel a plan, restore). */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  cancelLabel = 'Cancel',
  confirmLabel,
  onConfirm,
  pending,
  testId,
  confirmTestId,
  confirmClassName,
}: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent data-testid={testId}>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction className={confirmClassName} data-testid={confirmTestId} disabled={pending} onClick={onConfirm}>
            {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
