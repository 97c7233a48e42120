'use client';
import type { AppDocument } from '@sprout/core/contract';
import { useMemo, useState } from 'react';
import { Database, Eye, Loader2, Pencil, Trash2 } from 'lucide-react';
import { type CollectionRef, useCollectionDocuments, useDeleteDocument, usePendingDeletes, useSaveDocument } from './queries';
import { loadedDocuments } from './data-cache';
import { QueryLoadError } from '@/ui/load-error';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Skeletons } from '@/ui/skeleton';
import { RelativeTime } from '@/ui/relative-time';
import { PanelEmptyState } from '@/ui/panel-empty-state';
import { DocumentDialog, type DocumentMode } from './document-dialog';
import { cellText, creatorLabel, documentColumns, fieldLabel } from './format';

const ICON_BUTTON = 'size-8';
export const NO_DATA = 'No data yet — when your app saves something, it shows up here.';

/**
 * A collection's documents, newest first: a column per field, when and by whom each was added, and
 * view / edit / delete on every row. New documents appear by themselves while the panel is open.
 */
export function DocumentsTable({ collectionRef, live, emails }: { collectionRef: CollectionRef; live: boolean; emails: ReadonlyMap<string, string> }) {
  const query = useCollectionDocuments(collectionRef, { live });
  const save = useSaveDocument(collectionRef);
  const remove = useDeleteDocument(collectionRef);
  const deleting = usePendingDeletes(collectionRef);
  const [open, setOpen] = useState<{ id: string; mode: DocumentMode } | null>(null);
  const [confirming, setConfirming] = useState<AppDocument | null>(null);

  const docs = useMemo(() => loadedDocuments(query.data).filter((d) => !deleting.has(d.id)), [query.data, deleting]);
  const { columns, hidden } = useMemo(() => documentColumns(docs), [docs]);
  const openDoc = open ? (docs.find((d) => d.id === open.id) ?? null) : null;

  if (query.isError && !query.data) return <QueryLoadError query={query} layout="box" testId="documents-error" title="The documents did not load" />;
  if (!query.data) return <Skeletons label="Loading documents" bars={Array(4).fill('h-10 w-full')} />;
  if (docs.length === 0)
    return (
      <div className="rounded-lg border border-dashed" data-testid="documents-empty">
        <PanelEmptyState icon={Database} title={NO_DATA}>
          Nothing in {collectionRef.collection} yet.
        </PanelEmptyState>
      </div>
    );

  return (
    <div className="grid gap-3">
      <div className="overflow-x-auto rounded-lg border" data-testid="documents-table">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Documents in {collectionRef.collection}, newest first</caption>
          <thead className="bg-muted/50 text-xs text-muted-foreground">
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col" title={c} data-field={c} className="px-3 py-2 font-medium whitespace-nowrap">
                  {fieldLabel(c)}
                </th>
              ))}
              <th scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                Added
              </th>
              <th scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                By
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {docs.map((doc) => (
              <tr key={doc.id} className="border-t align-top" data-testid="document-row" data-document-id={doc.id}>
                {columns.map((c) => (
                  <td key={c} className="max-w-56 truncate px-3 py-2" title={cellText(doc.data[c], 500)}>
                    {cellText(doc.data[c])}
                  </td>
                ))}
                <td className="px-3 py-2 whitespace-nowrap text-muted-foreground">
                  <RelativeTime iso={doc.createdAt} />
                </td>
                <td className="max-w-40 truncate px-3 py-2 text-muted-foreground" title={doc.createdBy}>
                  {creatorLabel(doc.createdBy, emails)}
                </td>
                <td className="px-2 py-1 text-right whitespace-nowrap">
                  <Button variant="ghost" size="icon" className={ICON_BUTTON} aria-label="View document" onClick={() => setOpen({ id: doc.id, mode: 'view' })}>
                    <Eye aria-hidden="true" />
                  </Button>
                  <Button variant="ghost" size="icon" className={ICON_BUTTON} aria-label="Edit document" onClick={() => setOpen({ id: doc.id, mode: 'edit' })}>
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className={ICON_BUTTON}
                    aria-label="Delete document"
                    data-testid="document-delete"
                    onClick={() => setConfirming(doc)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>
          {docs.length.toLocaleString('en')} shown{hidden ? ` · ${hidden} more field${hidden === 1 ? '' : 's'} in each document’s view` : ''}
        </span>
        {query.hasNextPage ? (
          <Button variant="outline" size="sm" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} data-testid="documents-more">
            {query.isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            Load more
          </Button>
        ) : null}
      </div>

      <DocumentDialog
        doc={openDoc}
        mode={open?.mode ?? 'view'}
        onMode={(mode) => setOpen((o) => (o ? { ...o, mode } : o))}
        onClose={() => setOpen(null)}
        emails={emails}
        saving={save.isPending}
        onSave={(data) => save.mutateAsync({ id: open!.id, data })}
      />
      <ConfirmDialog
        open={!!confirming}
        onOpenChange={(o) => (o ? undefined : setConfirming(null))}
        title="Delete this document?"
        description={`It is removed from ${collectionRef.collection} for good, and your app stops showing it.`}
        confirmLabel="Delete"
        confirmTestId="document-delete-confirm"
        onConfirm={() => {
          if (confirming) remove.mutate(confirming.id);
          setConfirming(null);
        }}
      />
    </div>
  );
}
