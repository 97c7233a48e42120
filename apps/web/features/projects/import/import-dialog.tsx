'use client';
import { useEffect, useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/ui/dialog';
import { Button } from '@/ui/button';
import { IndeterminateBar } from '@/ui/indeterminate-bar';
import { TabSet } from '@/ui/tab-set';
import { errorText } from '@/lib/api/error-text';
import { ApiError } from '@/lib/api/client';
import { GitImportForm, ZipImportForm } from './import-forms';
import { ImportResultView } from './import-result';
import { importingText } from './import-text';
import { useImportProject, type ImportInput } from './use-import';

const TAB =
  'min-h-9 flex-1 rounded-md px-3 text-sm font-medium text-muted-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm';

/** The dialog behind "Import": two tabs, a progress line while it works, then what was imported. Loaded when first opened. */
export default function ImportDialog({ open, onOpenChange, onClosed }: { open: boolean; onOpenChange: (open: boolean) => void; onClosed: () => void }) {
  const [kind, setKind] = useState<ImportInput['kind']>('git');
  const close = () => onOpenChange(false);
  const run = useImportProject(close);
  const { reset } = run;
  // Each opening starts afresh: the form, not the last import's answer.
  useEffect(() => {
    if (open) reset();
  }, [open, reset]);
  const refused = run.error && !(run.error instanceof ApiError && run.error.code === 'aborted') ? errorText(run.error) : undefined;
  const start = (input: ImportInput) => {
    setKind(input.kind);
    run.mutate(input);
  };
  const forms = { onImport: start, disabled: run.isPending };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Closing while it works only stops waiting; a project the server already made is in the list.
        if (!next && run.isPending) run.cancel();
        onOpenChange(next);
      }}
    >
      <DialogContent
        data-testid="import-dialog"
        className="max-w-xl"
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          onClosed();
        }}
      >
        <DialogHeader>
          <DialogTitle>{run.data ? `Imported ${run.data.sprout.displayName}` : 'Import a project'}</DialogTitle>
          <DialogDescription>
            {run.data
              ? 'A new project with the app as its first version.'
              : 'Bring a Vite or React app from a git repository or a zip file into a new project.'}
          </DialogDescription>
        </DialogHeader>
        {run.data ? (
          <ImportResultView imported={run.data} onClose={close} />
        ) : run.isPending ? (
          <div className="grid gap-3" role="status" aria-live="polite" data-testid="import-progress">
            <p className="text-sm">{importingText(kind)}</p>
            <IndeterminateBar trackClassName="h-1.5 rounded-full" />
            <Button type="button" variant="outline" className="justify-self-start" onClick={run.cancel}>
              Stop waiting
            </Button>
          </div>
        ) : (
          <TabSet
            label="Import from"
            listClassName="flex gap-1 rounded-lg bg-muted p-1"
            tabClassName={TAB}
            panelClassName="pt-4"
            tabs={[
              {
                id: 'git',
                title: 'From a git repository',
                testId: 'import-tab-git',
                panel: <GitImportForm {...forms} error={kind === 'git' ? refused : undefined} />,
              },
              {
                id: 'zip',
                title: 'From a zip file',
                testId: 'import-tab-zip',
                panel: <ZipImportForm {...forms} error={kind === 'zip' ? refused : undefined} />,
              },
            ]}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
