'use client';
import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export function Field({ id, label, error, hint, ...props }: { id: string; label: string; error?: string; hint?: string } & ComponentProps<'input'>) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} name={id} aria-invalid={!!error} aria-describedby={describedBy} {...props} />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive" data-testid={`${id}-error`}>
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
