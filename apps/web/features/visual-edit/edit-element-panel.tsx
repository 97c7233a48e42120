'use client';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Code2, Loader2, Redo2, Undo2, X } from 'lucide-react';
import { previewCss, type PickedElement, type StyleProperty } from '@sprout/core';
import type { ElementRef, VisualChange } from '@sprout/core/contract';
import { Button } from '@/ui/button';
import { errorText } from '@/lib/api/error-text';
import { cn } from '@/lib/cn';
import type { EditSession } from './edit-session';
import { ImageField } from './image-field';
import { useElementDescription } from './queries';
import type { ElementSelection } from './selection-store';
import { ColourField, FONT_SIZE_OPTIONS, MARGIN_OPTIONS, RADIUS_OPTIONS, ScaleField, SPACING_OPTIONS, WEIGHT_OPTIONS } from './style-fields';
import { TextField } from './text-field';

export interface EditElementPanelProps {
  sproutId: string;
  versionId: string | null;
  selected: PickedElement;
  allItems: boolean;
  selection: ElementSelection;
  session: EditSession;
}

const refOf = (e: PickedElement): ElementRef => ({ file: e.file, line: e.line, column: e.column });
const fileName = (path: string) => path.split('/').pop() ?? path;

/**
 * The selected element's edit panel ("Edit element"): its text, colours, spacing, type, corners,
 * alignment, visibility and image, each change shown in the preview at once and saved with the
 * others as one version when the person stops. Beside the preview on wide screens, a bottom sheet
 * on phones. An element drawn for each item of a list asks first; text from data says where to change it.
 */
export function EditElementPanel({ sproutId, versionId, selected, allItems, selection, session }: EditElementPanelProps) {
  const described = useElementDescription(sproutId, versionId, refOf(selected));
  const d = described.data;
  const edits = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
  const [values, setValues] = useState<Partial<Record<StyleProperty, string | null>>>({});
  const [text, setText] = useState<string | null>(null);
  // Another element, or the element as a new version has it: the fields start from the source again.
  useEffect(() => {
    setValues({});
    setText(null);
  }, [selected.loc, d]);

  const inList = (d?.inList ?? false) || selected.count > 1;
  const locked = inList && !allItems;
  const element = refOf(selected);
  const change = (c: VisualChange, preview: { text?: string; style?: Record<string, string | null> } | null) =>
    session.change({ loc: selected.loc, edit: { element, change: c }, preview });
  const setStyle = (property: StyleProperty, value: string | null) => {
    setValues((v) => ({ ...v, [property]: value }));
    change({ type: 'style', property, value }, { style: previewCss(property, value) });
  };
  const styleOf = (p: StyleProperty) => (p in values ? (values[p] ?? null) : (d?.styles[p] ?? null));
  const classesLocked = locked || !d || !d.classes.editable;

  return (
    <section
      role="region"
      aria-label="Edit element"
      data-testid="edit-element"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !e.defaultPrevented) selection.clear();
      }}
      className="fixed inset-x-0 bottom-0 z-40 flex max-h-[65dvh] flex-col rounded-t-2xl border-t bg-background shadow-2xl sm:absolute sm:inset-x-auto sm:top-2 sm:right-2 sm:bottom-2 sm:max-h-none sm:w-80 sm:rounded-xl sm:border"
    >
      <header className="flex items-center gap-2 border-b px-3 py-2">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium" data-testid="edit-element-name">
            {selected.component ? `${selected.component} · ` : ''}
            <code className="text-xs">&lt;{selected.tag}&gt;</code>
          </p>
          <p className="truncate text-xs text-muted-foreground">
            {fileName(selected.file)}:{selected.line}
          </p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label="Open in code"
          onClick={() => selection.openInCode({ path: selected.file, line: selected.line })}
        >
          <Code2 aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="icon" className="size-8" aria-label="Close element editing" onClick={() => selection.clear()}>
          <X aria-hidden="true" />
        </Button>
      </header>

      <div className="min-h-0 flex-1 overflow-y-auto px-3 py-3">
        {described.isError ? (
          <p role="alert" className="mb-3 rounded-md bg-destructive/10 px-2.5 py-2 text-xs text-destructive">
            {errorText(described.error, { otherwise: 'Sprout could not read this element.' })}
          </p>
        ) : null}
        {inList && !allItems ? (
          <div role="alert" data-testid="edit-element-list" className="mb-3 grid gap-2 rounded-md border border-warning/40 bg-warning/10 px-2.5 py-2 text-xs">
            <p>
              This element is drawn for each item of a list{selected.count > 1 ? ` (${selected.count} on this page)` : ''}. A change applies to the template in{' '}
              {fileName(selected.file)}, so all items change.
            </p>
            <Button size="sm" variant="outline" className="h-7 justify-self-start" onClick={() => selection.confirmAllItems()}>
              Change all items
            </Button>
          </div>
        ) : null}
        {!d && !described.isError ? (
          <p className="flex items-center gap-2 text-xs text-muted-foreground">
            <Loader2 className="size-3.5 animate-spin" aria-hidden="true" /> Reading the element…
          </p>
        ) : null}
        {d ? (
          <div className={cn('grid gap-3', locked && 'opacity-60')}>
            <TextField
              value={text ?? d.text.value ?? ''}
              editable={d.text.editable && !locked}
              reason={d.text.reason}
              onChange={(v) => {
                setText(v);
                change({ type: 'text', value: v }, { text: v });
              }}
            />
            {!d.classes.editable && d.classes.reason ? <p className="text-xs text-muted-foreground">{d.classes.reason}</p> : null}
            <ColourField label="Text colour" value={styleOf('textColor')} onChange={(v) => setStyle('textColor', v)} disabled={classesLocked} />
            <ColourField label="Background" value={styleOf('backgroundColor')} onChange={(v) => setStyle('backgroundColor', v)} disabled={classesLocked} />
            <ColourField label="Border colour" value={styleOf('borderColor')} onChange={(v) => setStyle('borderColor', v)} disabled={classesLocked} />
            <div className="grid grid-cols-3 gap-2">
              <ScaleField
                label="Padding"
                value={styleOf('padding')}
                options={SPACING_OPTIONS}
                onChange={(v) => setStyle('padding', v)}
                disabled={classesLocked}
              />
              <ScaleField label="Margin" value={styleOf('margin')} options={MARGIN_OPTIONS} onChange={(v) => setStyle('margin', v)} disabled={classesLocked} />
              <ScaleField label="Gap" value={styleOf('gap')} options={SPACING_OPTIONS} onChange={(v) => setStyle('gap', v)} disabled={classesLocked} />
            </div>
            <div className="grid grid-cols-3 gap-2">
              <ScaleField
                label="Text size"
                value={styleOf('fontSize')}
                options={FONT_SIZE_OPTIONS}
                onChange={(v) => setStyle('fontSize', v)}
                disabled={classesLocked}
              />
              <ScaleField
                label="Weight"
                value={styleOf('fontWeight')}
                options={WEIGHT_OPTIONS}
                onChange={(v) => setStyle('fontWeight', v)}
                disabled={classesLocked}
              />
              <ScaleField label="Corners" value={styleOf('radius')} options={RADIUS_OPTIONS} onChange={(v) => setStyle('radius', v)} disabled={classesLocked} />
            </div>
            <AlignAndVisibility align={styleOf('textAlign')} hidden={styleOf('visibility') === 'hidden'} disabled={classesLocked} onStyle={setStyle} />
            {d.image ? <ImageField description={d} disabled={locked} onChange={(c) => (change(c, null), void session.save())} /> : null}
          </div>
        ) : null}
      </div>

      <footer className="flex items-center gap-1 border-t px-3 py-2">
        <Button variant="ghost" size="icon" className="size-8" aria-label="Undo" disabled={!edits.canUndo || edits.saving} onClick={() => void session.undo()}>
          <Undo2 aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="icon" className="size-8" aria-label="Redo" disabled={!edits.canRedo || edits.saving} onClick={() => void session.redo()}>
          <Redo2 aria-hidden="true" />
        </Button>
        <span className="min-w-0 flex-1 truncate text-xs text-muted-foreground" aria-live="polite" data-testid="edit-element-status">
          {edits.saving ? 'Saving…' : edits.pending > 0 ? 'Unsaved changes' : 'No model, no message used'}
        </span>
        <Button size="sm" className="h-8" disabled={edits.pending === 0 || edits.saving} onClick={() => void session.save()}>
          {edits.saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Save
        </Button>
      </footer>
    </section>
  );
}

function AlignAndVisibility({
  align,
  hidden,
  disabled,
  onStyle,
}: {
  align: string | null;
  hidden: boolean;
  disabled: boolean;
  onStyle: (p: StyleProperty, v: string | null) => void;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div role="group" aria-label="Alignment" className="flex overflow-hidden rounded-md border">
        {(['left', 'center', 'right'] as const).map((a) => (
          <button
            key={a}
            type="button"
            aria-pressed={align === a}
            disabled={disabled}
            onClick={() => onStyle('textAlign', align === a ? null : a)}
            className={cn(
              'h-8 px-2.5 text-xs capitalize outline-none hover:bg-accent focus-visible:bg-accent disabled:opacity-50',
              align === a && 'bg-accent font-medium',
            )}
          >
            {a}
          </button>
        ))}
      </div>
      <label className="flex h-8 items-center gap-2 text-xs">
        <input
          type="checkbox"
          checked={hidden}
          disabled={disabled}
          onChange={(e) => onStyle('visibility', e.target.checked ? 'hidden' : null)}
          className="size-4 accent-primary"
        />
        Hidden
      </label>
    </div>
  );
}
