'use client';
import { lazy, Suspense, useRef, useState } from 'react';
import { Plus } from 'lucide-react';
import { Button } from '@/ui/button';

const loadDialog = () => import('./new-project-dialog');
const NewProjectDialog = lazy(loadDialog);

/**
 * "New project" asks what to build: the project is created with that as its first
 * message, through the shared create flow (usage checked first — the paywall instead of creating at
 * a limit — errors toast). A click alone never makes an empty project. The dialog (Radix Dialog, the
 * prompt box) is a chunk of its own, fetched when the pointer or focus reaches the button.
 */
export function NewProjectButton({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        data-testid="new-project"
        className={className}
      >
        <Plus aria-hidden="true" />
        New project
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <NewProjectDialog open={open} onOpenChange={setOpen} onClosed={() => button.current?.focus()} />
        </Suspense>
      ) : null}
    </>
  );
}
