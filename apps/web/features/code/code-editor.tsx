'use client';
import { useEffect, useRef } from 'react';
import { Annotation, Compartment, EditorState, Prec, Transaction } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { syntaxHighlighting } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { cn } from '@/lib/cn';
import type { EditorProblem } from './draft-problems';
import { highlight, languageFor, PALETTE, setup, theme } from './editor-setup';

/** Marks changes the editor did not make itself (a new version's content), so they are not reported as edits. */
const External = Annotation.define<boolean>();

export interface CodeEditorProps {
  /** Identifies the document (path and version): a new key starts a fresh editor state (own undo history). */
  docKey: string;
  path: string;
  value: string;
  readOnly: boolean;
  onChange: (value: string) => void;
  onSave: () => void;
  /** Problems of the text shown (marked in place); undefined keeps the marks there are, moved with the edits since. */
  problems?: readonly EditorProblem[];
  /** Put the caret at this line and scroll it into view, once per nonce (an element picked in the preview). */
  reveal?: { line: number; nonce: number } | null;
  className?: string;
}

/** A problem at its line and column, underlining the word there (the line's end for one past it). */
function diagnosticOf(doc: EditorState['doc'], p: EditorProblem): Diagnostic {
  const line = doc.line(Math.min(Math.max(p.line, 1), doc.lines));
  const from = Math.min(line.from + Math.max(p.column, 1) - 1, line.to);
  const word = /^[\w$]+|^\S/.exec(line.text.slice(from - line.from));
  return { from, to: from + (word ? word[0].length : 0), severity: p.severity, message: p.message };
}

export default function CodeEditor({ docKey, path, value, readOnly, onChange, onSave, problems, reveal, className }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const readOnlyConf = useRef(new Compartment());
  const handlers = useRef({ onChange, onSave });
  useEffect(() => {
    handlers.current = { onChange, onSave };
  }, [onChange, onSave]);

  const makeState = (doc: string, ro: boolean, filePath: string) =>
    EditorState.create({
      doc,
      extensions: [
        Prec.highest(
          keymap.of([
            {
              key: 'Mod-s',
              preventDefault: true,
              run: () => {
                handlers.current.onSave();
                return true;
              },
            },
          ]),
        ),
        setup,
        languageFor(filePath),
        theme,
        syntaxHighlighting(highlight),
        EditorView.lineWrapping,
        lintGutter(),
        readOnlyConf.current.of(EditorState.readOnly.of(ro)),
        EditorView.contentAttributes.of({ 'aria-label': `Code of ${filePath}` }),
        EditorView.updateListener.of((u) => {
          if (!u.docChanged || u.transactions.some((tr) => tr.annotation(External))) return;
          handlers.current.onChange(u.state.doc.toString());
        }),
      ],
    });

  // Created once; documents are swapped with setState.
  useEffect(() => {
    const v = new EditorView({ parent: host.current!, state: makeState(value, readOnly, path) });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
    // Later changes are applied by the effects below.
  }, []);

  const shownKey = useRef(docKey);
  useEffect(() => {
    const v = view.current;
    if (!v || shownKey.current === docKey) return;
    shownKey.current = docKey;
    v.setState(makeState(value, readOnly, path));
    v.scrollDOM.scrollTop = 0;
    // Only a new document replaces the state.
  }, [docKey]);

  // Content changed from outside (a new version, a reload, a discard): replace it, keeping the cursor.
  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const current = v.state.doc.toString();
    if (current === value) return;
    const head = Math.min(v.state.selection.main.head, value.length);
    v.dispatch({
      changes: { from: 0, to: current.length, insert: value },
      selection: { anchor: head },
      annotations: [External.of(true), Transaction.addToHistory.of(false)],
    });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({ effects: readOnlyConf.current.reconfigure(EditorState.readOnly.of(readOnly)) });
  }, [readOnly]);

  useEffect(() => {
    const v = view.current;
    if (!v || !problems) return;
    v.dispatch(
      setDiagnostics(
        v.state,
        problems.map((p) => diagnosticOf(v.state.doc, p)),
      ),
    );
  }, [problems, docKey]);

  useEffect(() => {
    const v = view.current;
    if (!v || !reveal) return;
    const line = v.state.doc.line(Math.min(Math.max(reveal.line, 1), v.state.doc.lines));
    v.dispatch({ selection: { anchor: line.from }, effects: EditorView.scrollIntoView(line.from, { y: 'center' }) });
    v.focus();
  }, [reveal, docKey]);

  return (
    <div
      ref={host}
      data-testid="code-editor"
      data-path={path}
      data-readonly={readOnly ? 'true' : undefined}
      data-problems={problems?.length}
      className={cn('h-full min-h-0 overflow-hidden', PALETTE, className)}
    />
  );
}
