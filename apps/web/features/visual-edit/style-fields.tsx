'use client';
import { useEffect, useId, useState } from 'react';
import { Palette } from 'lucide-react';
import { cssColour, PALETTE_COLOURS, THEME_COLOURS } from '@sprout/core';
import { cn } from '@/lib/cn';
import { FIELD_CONTROL } from './field-control';

/** A colour: typed (a palette name or a hex code), chosen from the theme and palette swatches, or picked. */
export function ColourField({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: string | null;
  onChange: (v: string | null) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState(value ?? '');
  const [open, setOpen] = useState(false);
  useEffect(() => setText(value ?? ''), [value]);
  const invalid = text.trim() !== '' && cssColour(text.trim()) === null;
  const commit = (next: string) => {
    setText(next);
    const v = next.trim();
    if (v === '') onChange(null);
    else if (cssColour(v) !== null) onChange(v);
  };
  const hex = /^#[0-9a-f]{6}$/i.test(text) ? text : (PALETTE_COLOURS.find((c) => c.value === text)?.hex ?? '#000000');
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      <div className="flex items-center gap-1.5">
        <span className="size-6 shrink-0 rounded-md border" style={{ background: (text && cssColour(text.trim())) || 'transparent' }} aria-hidden="true" />
        <input
          id={id}
          className={FIELD_CONTROL}
          value={text}
          placeholder="Default"
          disabled={disabled}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${id}-hint` : undefined}
          onChange={(e) => commit(e.target.value)}
          spellCheck={false}
          autoComplete="off"
        />
        <input
          type="color"
          aria-label={`Pick ${label.toLowerCase()}`}
          className="size-8 shrink-0 cursor-pointer rounded-md border bg-background p-0.5 disabled:cursor-not-allowed"
          value={hex}
          disabled={disabled}
          onChange={(e) => commit(e.target.value)}
        />
        <button
          type="button"
          aria-label={`${label}: palette`}
          aria-expanded={open}
          disabled={disabled}
          onClick={() => setOpen((o) => !o)}
          className="grid size-8 shrink-0 place-items-center rounded-md border outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50"
        >
          <Palette className="size-4" aria-hidden="true" />
        </button>
      </div>
      {invalid ? (
        <p id={`${id}-hint`} className="text-xs text-destructive">
          Use a palette name (emerald-700), a theme colour (primary) or a hex code (#1f7a4d).
        </p>
      ) : null}
      {open ? (
        <div role="group" aria-label={`${label} swatches`} className="grid max-h-40 grid-cols-10 gap-1 overflow-y-auto rounded-md border p-1.5">
          {[...THEME_COLOURS.map((c) => ({ value: c.value, css: c.css })), ...PALETTE_COLOURS.map((c) => ({ value: c.value, css: c.hex }))].map((c) => (
            <button
              key={c.value}
              type="button"
              title={c.value}
              aria-label={c.value}
              aria-pressed={text === c.value}
              onClick={() => commit(c.value)}
              className={cn('size-5 rounded border outline-none focus-visible:ring-2 focus-visible:ring-ring', text === c.value && 'ring-2 ring-primary')}
              style={{ background: c.css }}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** One value of a scale (spacing, type size, weight, corners), "Default" for none. */
export function ScaleField({
  label,
  value,
  options,
  onChange,
  disabled,
}: {
  label: string;
  value: string | null;
  options: readonly { value: string; label: string }[];
  onChange: (v: string | null) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const known = value === null || options.some((o) => o.value === value);
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      <select
        id={id}
        className={FIELD_CONTROL}
        value={value ?? ''}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
      >
        <option value="">Default</option>
        {known ? null : <option value={value!}>{value}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const SPACING = ['0', 'px', '0.5', '1', '1.5', '2', '2.5', '3', '4', '5', '6', '8', '10', '12', '16', '20', '24'];
export const SPACING_OPTIONS = SPACING.map((v) => ({ value: v, label: v === 'px' ? '1 px' : `${v} · ${Number(v) * 4} px` }));
export const MARGIN_OPTIONS = [...SPACING_OPTIONS, { value: 'auto', label: 'Auto (centre)' }];
export const FONT_SIZE_OPTIONS = ['xs', 'sm', 'base', 'lg', 'xl', '2xl', '3xl', '4xl', '5xl', '6xl'].map((v) => ({ value: v, label: v }));
export const WEIGHT_OPTIONS = ['light', 'normal', 'medium', 'semibold', 'bold', 'extrabold'].map((v) => ({
  value: v,
  label: v[0]!.toUpperCase() + v.slice(1),
}));
export const RADIUS_OPTIONS = ['none', 'sm', 'md', 'lg', 'xl', '2xl', '3xl', 'full'].map((v) => ({
  value: v,
  label: v === 'none' ? 'Square' : v === 'full' ? 'Round' : v,
}));
