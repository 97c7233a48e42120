'use client';
import { lazy, Suspense, useRef, useState } from 'react';
import { FolderInput } from 'lucide-react';
import { Button } from '@/ui/button';

const loadDialog = () => import('./import-dialog');
const ImportDialog = lazy(loadDialog);

/** "Import", beside "New project": a project from a git repository or a zip. The dialog is a chunk of its own, fetched when the button is reached. */
export function ImportButton({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        variant="outline"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        data-testid="import-project"
        className={className}
      >
        <FolderInput aria-hidden="true" />
        Import
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <ImportDialog open={open} onOpenChange={setOpen} onClosed={() => button.current?.focus()} />
        </Suspense>
      ) : null}
    </>
  );
}
