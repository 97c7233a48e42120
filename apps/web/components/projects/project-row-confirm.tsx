'use client';
import { Loader2 } from 'lucide-react';
import type { Sprout } from '@/lib/client/types';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';

export interface ProjectRowConfirmProps {
  kind: 'delete' | 'unpublish';
  sprout: Sprout;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (e: React.MouseEvent) => void;
}

/** A project row's confirmation (delete, unpublish); loaded by ./project-row when one opens. */
export default function ProjectRowConfirm({ kind, sprout, pending, onCancel, onConfirm }: ProjectRowConfirmProps) {
  return (
    <AlertDialog open onOpenChange={(open) => !open && !pending && onCancel()}>
      {kind === 'delete' ? (
        <AlertDialogContent data-testid="delete-dialog">
          <AlertDialogTitle>Delete “{sprout.displayName}”?</AlertDialogTitle>
          <AlertDialogDescription>
            The project, its chat and all its versions will be removed from your account
            {sprout.published ? ', and its public site will go offline' : ''}. This cannot be undone.
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
            <AlertDialogAction data-testid="confirm-delete" disabled={pending} onClick={onConfirm}>
              {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              Delete project
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      ) : (
        <AlertDialogContent data-testid="unpublish-dialog">
          <AlertDialogTitle>Unpublish “{sprout.displayName}”?</AlertDialogTitle>
          <AlertDialogDescription>
            {sprout.publicUrl ? <span className="break-all">{sprout.publicUrl}</span> : 'The public site'} will stop working for
            visitors. Your project stays here and you can publish it again at any time.
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
            <AlertDialogAction data-testid="confirm-unpublish" disabled={pending} onClick={onConfirm}>
              {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              Unpublish
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      )}
    </AlertDialog>
  );
}
