'use client';
import { useId, useState, type DragEvent, type FormEvent } from 'react';
import { FileArchive, Upload } from 'lucide-react';
import { Button } from '@/ui/button';
import { Field } from '@/ui/field';
import { cn } from '@/lib/cn';
import type { ImportInput } from './use-import';
import { zipFileProblem } from './import-text';

interface FormProps {
  onImport: (input: ImportInput) => void;
  disabled: boolean;
  /** The server's refusal of the last try, said under the form. */
  error?: string;
}

/** "From a git repository": its https address, and a token for a private one. */
export function GitImportForm({ onImport, disabled, error }: FormProps) {
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (url.trim()) onImport({ kind: 'git', url: url.trim(), token: token.trim() });
  };
  return (
    <form className="grid gap-3" onSubmit={submit} noValidate data-testid="import-git-form">
      <Field
        id="import-git-url"
        label="Repository address"
        value={url}
        onChange={(e) => setUrl(e.currentTarget.value)}
        placeholder="https://github.com/you/app.git"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        inputMode="url"
        maxLength={500}
        error={error}
        hint="Its default branch is imported: a Vite or React app at the root, or in a frontend/ or client/ folder."
      />
      <Field
        id="import-git-token"
        label="Access token (private repositories)"
        type="password"
        value={token}
        onChange={(e) => setToken(e.currentTarget.value)}
        autoComplete="off"
        maxLength={500}
        hint="A token of the git host that may read the repository. It is used for this import only and not kept."
      />
      <Button type="submit" className="justify-self-start" disabled={disabled || !url.trim()} data-testid="import-git-submit">
        Import
      </Button>
    </form>
  );
}

/** "From a zip file": chosen with the file picker or dropped on the area; checked here before anything is sent. */
export function ZipImportForm({ onImport, disabled, error }: FormProps) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const problem = file ? zipFileProblem(file) : null;
  const pick = (files: FileList | null) => setFile(files?.[0] ?? null);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    pick(e.dataTransfer.files);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (file && !problem) onImport({ kind: 'zip', file });
  };
  const shown = problem ?? error;
  return (
    <form className="grid gap-3" onSubmit={submit} noValidate data-testid="import-zip-form">
      <label
        htmlFor={inputId}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'grid cursor-pointer justify-items-center gap-2 rounded-lg border border-dashed p-6 text-center text-sm outline-none has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
          dragging ? 'border-primary bg-primary/5' : 'hover:bg-accent/50',
        )}
        data-testid="import-zip-drop"
      >
        {file ? (
          <FileArchive className="size-6 text-muted-foreground" aria-hidden="true" />
        ) : (
          <Upload className="size-6 text-muted-foreground" aria-hidden="true" />
        )}
        <span className="max-w-full truncate font-medium">{file ? file.name : 'Drop a zip here, or choose one'}</span>
        <span className="text-xs text-muted-foreground">A Vite or React project (a Sprout export too), at most 20 MB.</span>
        <input
          id={inputId}
          type="file"
          accept=".zip,application/zip"
          className="sr-only"
          aria-invalid={!!shown}
          aria-describedby={shown ? `${inputId}-error` : undefined}
          onChange={(e) => pick(e.currentTarget.files)}
          data-testid="import-zip-input"
        />
      </label>
      {shown ? (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-destructive" data-testid="import-zip-error">
          {shown}
        </p>
      ) : null}
      <Button type="submit" className="justify-self-start" disabled={disabled || !file || !!problem} data-testid="import-zip-submit">
        Import
      </Button>
    </form>
  );
}
