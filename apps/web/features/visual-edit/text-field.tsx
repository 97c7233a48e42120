'use client';
import { useId } from 'react';
import { VISUAL_EDIT_LIMITS } from '@sprout/core';
import { FIELD_CONTROL } from './field-control';

/** The element's own text, one line (a line break is the code's to make); or why it is not editable here. */
export function TextField({ value, editable, reason, onChange }: { value: string; editable: boolean; reason: string | null; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        Text
      </label>
      <input
        id={id}
        className={FIELD_CONTROL}
        value={value}
        disabled={!editable}
        maxLength={VISUAL_EDIT_LIMITS.maxText}
        aria-describedby={!editable && reason ? `${id}-why` : undefined}
        onChange={(e) => onChange(e.target.value.replace(/[\r\n]+/g, ' '))}
      />
      {!editable && reason ? (
        <p id={`${id}-why`} className="text-xs text-muted-foreground" data-testid="edit-element-text-why">
          {reason}
        </p>
      ) : null}
    </div>
  );
}
