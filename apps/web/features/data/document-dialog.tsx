'use client';
import type { AppDocument } from '@sprout/core/contract';
import { useEffect, useState } from 'react';
import { Loader2, Pencil } from 'lucide-react';
import { ApiError } from '@/lib/api/client';
import { errorText } from '@/lib/api/error-text';
import { Button } from '@/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/ui/dialog';
import { Textarea } from '@/ui/textarea';
import { fullDate } from '@/ui/relative-time';
import { creatorLabel, parseDocumentText, prettyJson } from './format';

export type DocumentMode = 'view' | 'edit';

export interface DocumentDialogProps {
  doc: AppDocument | null;
  mode: DocumentMode;
  onMode: (mode: DocumentMode) => void;
  onClose: () => void;
  emails: ReadonlyMap<string, string>;
  saving: boolean;
  /** Resolves when saved; rejects with the server's refusal, shown here beside the text. */
  onSave: (data: Record<string, unknown>) => Promise<unknown>;
}

/** The server's reason and, for a document the rules refuse, each problem it found. */
function refusal(err: unknown): string[] {
  const problems = err instanceof ApiError && Array.isArray(err.body.problems) ? err.body.problems.filter((p): p is string => typeof p === 'string') : [];
  return problems.length ? problems : [errorText(err)];
}

function Meta({ doc, emails }: { doc: AppDocument; emails: ReadonlyMap<string, string> }) {
  const rows: [string, string][] = [
    ['Id', doc.id],
    ['Created', fullDate(doc.createdAt)],
    ['Changed', fullDate(doc.updatedAt)],
    ['By', creatorLabel(doc.createdBy, emails)],
  ];
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-muted-foreground">{k}</dt>
          <dd className="truncate font-mono" title={v}>
            {v}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** One document: its fields as pretty JSON, and an editor for them (checked here, then by the collection's rules). */
export function DocumentDialog({ doc, mode, onMode, onClose, emails, saving, onSave }: DocumentDialogProps) {
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  // A fresh editor each time one is opened: the document as it is then, no old complaints. Keyed
  // on the id, not the object: a poll bringing a newer copy must not wipe what is being typed.
  const docId = doc?.id;
  useEffect(() => {
    if (doc && mode === 'edit') setText(prettyJson(doc.data));
    setProblems([]);
  }, [docId, mode]);

  const save = async () => {
    const parsed = parseDocumentText(text);
    if (!parsed.ok) return setProblems([parsed.problem]);
    setProblems([]);
    try {
      await onSave(parsed.data);
      onMode('view');
    } catch (err) {
      setProblems(refusal(err));
    }
  };

  return (
    <Dialog open={!!doc} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl" data-testid="document-dialog">
        <DialogHeader>
          <DialogTitle>{mode === 'edit' ? 'Edit document' : 'Document'}</DialogTitle>
          <DialogDescription>
            {mode === 'edit' ? 'Change the fields as JSON. The server checks them against the collection’s rules.' : 'The fields your app saved.'}
          </DialogDescription>
        </DialogHeader>
        {doc ? <Meta doc={doc} emails={emails} /> : null}
        {mode === 'view' ? (
          <pre className="max-h-[50dvh] overflow-auto rounded-md border bg-muted/40 p-3 font-mono text-xs" data-testid="document-json" tabIndex={0}>
            {doc ? prettyJson(doc.data) : ''}
          </pre>
        ) : (
          <div className="grid gap-2">
            <label htmlFor="document-json-edit" className="sr-only">
              Document fields as JSON
            </label>
            <Textarea
              id="document-json-edit"
              data-testid="document-editor"
              value={text}
              onChange={(e) => setText(e.target.value)}
              spellCheck={false}
              aria-invalid={problems.length > 0}
              aria-describedby={problems.length ? 'document-problems' : undefined}
              className="max-h-[50dvh] min-h-48 font-mono text-xs"
            />
            {problems.length ? (
              <ul id="document-problems" role="alert" data-testid="document-problems" className="grid gap-0.5 text-sm text-destructive">
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            ) : null}
          </div>
        )}
        <DialogFooter>
          {mode === 'view' ? (
            <Button variant="outline" onClick={() => onMode('edit')} data-testid="document-edit">
              <Pencil aria-hidden="true" /> Edit
            </Button>
          ) : (
            <>
              <Button variant="outline" onClick={() => onMode('view')} disabled={saving}>
                Cancel
              </Button>
              <Button onClick={() => void save()} disabled={saving} data-testid="document-save">
                {saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                Save
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
