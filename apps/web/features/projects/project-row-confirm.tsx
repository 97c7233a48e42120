'use client';
import type { Sprout } from '@sprout/core/contract';
import { ConfirmDialog, type ConfirmDialogProps } from '@/ui/confirm-dialog';

export interface ProjectRowConfirmProps {
  kind: 'delete' | 'unpublish';
  sprout: Sprout;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (e: React.MouseEvent) => void;
}

type Copy = Pick<ConfirmDialogProps, 'testId' | 'confirmTestId' | 'title' | 'description' | 'confirmLabel'>;

function copyFor(kind: ProjectRowConfirmProps['kind'], sprout: Sprout): Copy {
  if (kind === 'delete') {
    return {
      testId: 'delete-dialog',
      confirmTestId: 'confirm-delete',
      title: <>Delete “{sprout.displayName}”?</>,
      description: (
        <>
          The project, its chat and all its versions will be removed from your account
          {sprout.published ? ', and its public site will go offline' : ''}. This cannot be undone.
        </>
      ),
      confirmLabel: 'Delete project',
    };
  }
  return {
    testId: 'unpublish-dialog',
    confirmTestId: 'confirm-unpublish',
    title: <>Unpublish “{sprout.displayName}”?</>,
    description: (
      <>
        {sprout.publicUrl ? <span className="break-all">{sprout.publicUrl}</span> : 'The public site'} will stop working for visitors. Your project stays here
        and you can publish it again at any time.
      </>
    ),
    confirmLabel: 'Unpublish',
  };
}

/** A project row's confirmation (delete, unpublish); loaded by ./project-row when one opens. */
export default function ProjectRowConfirm({ kind, sprout, pending, onCancel, onConfirm }: ProjectRowConfirmProps) {
  return <ConfirmDialog open onOpenChange={(open) => !open && !pending && onCancel()} pending={pending} onConfirm={onConfirm} {...copyFor(kind, sprout)} />;
}
