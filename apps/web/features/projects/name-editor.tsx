'use client';
import { useEffect, useId, useRef, useState } from 'react';
import { normalizeDisplayName } from '@sprout/core';
import { cn } from '@/lib/cn';

/**
 * An inline project-name field: Enter saves, Escape cancels, leaving the field saves a valid change
 * (and quietly drops an invalid one). Validation is the core naming rule (1–100 characters).
 */
export function NameEditor({
  initialValue,
  onSave,
  onCancel,
  label,
  inputTestId,
  className,
  inputClassName,
}: {
  initialValue: string;
  onSave: (name: string) => void;
  onCancel: () => void;
  label: string;
  inputTestId: string;
  className?: string;
  inputClassName?: string;
}) {
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const done = useRef(false);
  const errorId = useId();

  useEffect(() => {
    // After a menu closes it may move focus back to its trigger; take it once that has happened.
    const t = requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.select();
    });
    return () => cancelAnimationFrame(t);
  }, []);

  function finish(save: boolean): boolean {
    if (done.current) return true;
    if (!save) {
      done.current = true;
      onCancel();
      return true;
    }
    const result = normalizeDisplayName(value);
    if (!result.ok) {
      setError(result.message);
      return false;
    }
    done.current = true;
    if (result.value === initialValue) onCancel();
    else onSave(result.value);
    return true;
  }

  return (
    <div className={cn('relative min-w-0', className)}>
      <input
        ref={input}
        value={value}
        aria-label={label}
        aria-invalid={!!error}
        aria-describedby={error ? errorId : undefined}
        data-testid={inputTestId}
        spellCheck={false}
        autoComplete="off"
        onChange={(e) => {
          setValue(e.target.value);
          if (error) setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            finish(true);
          } else if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            finish(false);
          }
        }}
        onBlur={() => {
          if (!finish(true)) finish(false);
        }}
        className={cn(
          'h-8 w-full min-w-0 rounded-md border border-input bg-background px-2 text-base font-medium shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 md:text-sm',
          inputClassName,
        )}
      />
      {error ? (
        <p id={errorId} role="alert" data-testid="rename-error" className="mt-1 text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
