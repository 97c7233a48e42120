'use client';
import type { ComponentProps, ReactNode } from 'react';
import { Input } from './input';
import { Label } from './label';

export function Field({
  id,
  label,
  error,
  hint,
  errorAction,
  ...props
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string /** What to do about the error (a link), after it. */;
  errorAction?: ReactNode;
} & ComponentProps<'input'>) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} name={id} aria-invalid={!!error} aria-describedby={describedBy} {...props} />
      {error ? (
        <p className="text-sm text-destructive">
          <span id={`${id}-error`} data-testid={`${id}-error`}>
            {error}
          </span>
          {errorAction ? <> {errorAction}</> : null}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
