'use client';
import { useState } from 'react';
import { LoaderCircle } from 'lucide-react';
import type { FlagKey } from '@sprout/core';
import { toast } from '@/lib/browser/toast';
import { errorText } from '@/lib/api/error-text';
import { cn } from '@/lib/cn';
import { flagValueText } from '../admin';
import { choiceOf, choicesFor, FLAG_DESCRIPTIONS, FLAG_ORDER, valueOfChoice, type FlagValue } from './flag-meta';

export interface FlagEditorProps {
  /** What this layer sets (a key missing: inherit). */
  values: Record<string, FlagValue>;
  /** The value and its origin without this layer's value, per flag. */
  inherited: (key: FlagKey) => { value: FlagValue; from: string };
  models: readonly { label: string; isDefault: boolean }[];
  /** Saves one flag (undefined: clear it); rejects with the server's refusal. */
  onChange: (key: FlagKey, value: FlagValue | undefined) => Promise<void>;
  /** Names this layer in test ids and labels: 'global', 'plan-tier-1', 'user'. */
  layer: string;
  /** "for everyone", "for Premium 100", "for Ann". */
  scopeLabel: string;
}

/**
 * One layer's flags: each one inherits from the layer below or is set here. A change saves at once
 * (the row shows a spinner and the choice it is saving) and is undone with a toast if refused.
 */
export function FlagEditor({ values, inherited, models, onChange, layer, scopeLabel }: FlagEditorProps) {
  const [saving, setSaving] = useState<Partial<Record<FlagKey, string>>>({});

  async function change(key: FlagKey, choice: string) {
    setSaving((s) => ({ ...s, [key]: choice }));
    try {
      await onChange(key, valueOfChoice(choice));
      const value = valueOfChoice(choice);
      toast.success(value === undefined ? `${key} inherits again ${scopeLabel}.` : `${key} is ${flagValueText(value)} ${scopeLabel}.`, {
        id: `flag-${layer}-${key}`,
      });
    } catch (err) {
      toast.error(errorText(err, { status: 'none', otherwise: `Could not change ${key}. Please try again.` }), { id: `flag-${layer}-${key}-error` });
    } finally {
      setSaving(({ [key]: _done, ...rest }) => rest as Partial<Record<FlagKey, string>>);
    }
  }

  return (
    <ul className="grid divide-y rounded-xl border bg-card shadow-sm" data-testid={`flag-editor-${layer}`}>
      {FLAG_ORDER.map((key) => {
        const below = inherited(key);
        const pending = saving[key];
        const choice = pending ?? choiceOf(values, key);
        const id = `flag-${layer}-${key}`;
        return (
          <li key={key} className="grid gap-2 p-4 sm:grid-cols-[1fr_18rem] sm:items-center sm:gap-4" data-testid={`flag-row-${key}`} data-choice={choice}>
            <div className="grid gap-0.5">
              <label htmlFor={id} className="font-mono text-sm font-medium break-all">
                {key}
              </label>
              <p className="text-sm text-muted-foreground">{FLAG_DESCRIPTIONS[key]}</p>
            </div>
            <div className="flex items-center gap-2">
              <select
                id={id}
                value={choice}
                disabled={pending !== undefined}
                onChange={(e) => void change(key, e.target.value)}
                data-testid={`flag-select-${key}`}
                className={cn(
                  'h-9 w-full min-w-0 rounded-md border bg-background px-2 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-60',
                  choice === 'inherit' ? 'text-muted-foreground' : 'font-medium',
                )}
              >
                {choicesFor(key, models, `${flagValueText(below.value)}, ${below.from}`).map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </select>
              {pending !== undefined ? <LoaderCircle className="size-4 shrink-0 animate-spin text-muted-foreground" aria-label="Saving" /> : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
