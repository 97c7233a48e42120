'use client';
import { QUICK_START_CHIPS } from '@sprout/core';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/ui/dialog';
import { PromptBox, PromptDraftProvider, usePromptDraft } from './prompt-box';

/** A few ready ideas, as on the home page, for the person who opened the box without one. */
function Ideas() {
  const draft = usePromptDraft();
  if (!draft) return null;
  return (
    <div className="flex flex-wrap gap-2" aria-label="Ideas to start from">
      {QUICK_START_CHIPS.map((chip) => (
        <button
          key={chip.id}
          type="button"
          onClick={() => draft.fill(chip.prompt)}
          data-testid="new-project-idea"
          className="rounded-full border bg-background px-3 py-1 text-xs font-medium outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {chip.title}
        </button>
      ))}
    </div>
  );
}

/** The box behind "New project": loaded when it is first opened, so the list's first load carries no dialog. */
export default function NewProjectDialog({
  open,
  onOpenChange,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to (the button that opened it: there is no Radix trigger to return to). */
  onClosed: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        data-testid="new-project-dialog"
        className="max-w-xl"
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          onClosed();
        }}
        // A create error is a toast; dismissing it with a click must not close the box and lose the idea.
        onInteractOutside={(e) => {
          if (e.target instanceof Element && e.target.closest('[data-sonner-toaster]')) e.preventDefault();
        }}
      >
        <DialogHeader>
          <DialogTitle>What do you want to build?</DialogTitle>
          <DialogDescription>Describe it in your own words. Sprout creates the project and starts building it right away.</DialogDescription>
        </DialogHeader>
        <PromptDraftProvider>
          <PromptBox autoFocus source="projects" className="shadow-none" />
          <Ideas />
        </PromptDraftProvider>
      </DialogContent>
    </Dialog>
  );
}
