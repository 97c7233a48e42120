'use client';
import { useId, useRef, useState } from 'react';
import { Upload } from 'lucide-react';
import { UPLOAD_IMAGE_TYPES, VISUAL_EDIT_LIMITS } from '@sprout/core';
import type { ElementDescription, VisualChange } from '@sprout/core/contract';
import { Button } from '@/ui/button';
import { FIELD_CONTROL } from './field-control';

function base64Of(bytes: ArrayBuffer): string {
  let binary = '';
  const view = new Uint8Array(bytes);
  for (let i = 0; i < view.length; i += 0x8000) binary += String.fromCharCode(...view.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** An image's source: an https address, or an uploaded file kept in the project. */
export function ImageField({ description, disabled, onChange }: { description: ElementDescription; disabled: boolean; onChange: (c: VisualChange) => void }) {
  const id = useId();
  const file = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const apply = () => {
    const v = url.trim();
    let ok = false;
    try {
      ok = new URL(v).protocol === 'https:';
    } catch {
      ok = false;
    }
    if (!ok) return setProblem('Use an https:// address.');
    setProblem(null);
    onChange({ type: 'image', src: v });
  };
  const upload = async (f: File | undefined) => {
    if (!f) return;
    if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(f.type)) return setProblem('Only PNG, JPEG, WebP and GIF images can be uploaded.');
    if (f.size > VISUAL_EDIT_LIMITS.maxImageBytes) return setProblem(`The image must be at most ${VISUAL_EDIT_LIMITS.maxImageBytes / 1024} KB.`);
    setProblem(null);
    onChange({
      type: 'image-upload',
      fileName: f.name,
      mimeType: f.type as (typeof UPLOAD_IMAGE_TYPES)[number],
      contentBase64: base64Of(await f.arrayBuffer()),
    });
  };
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        Image address
      </label>
      <div className="flex gap-1.5">
        <input
          id={id}
          className={FIELD_CONTROL}
          value={url}
          placeholder={description.image?.src ?? 'https://…'}
          disabled={disabled || !description.image?.editable}
          aria-invalid={!!problem}
          onChange={(e) => setUrl(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && apply()}
        />
        <Button size="sm" variant="outline" className="h-8" disabled={disabled || !url.trim()} onClick={apply}>
          Use
        </Button>
      </div>
      <input
        ref={file}
        type="file"
        accept={UPLOAD_IMAGE_TYPES.join(',')}
        className="sr-only"
        aria-label="Upload image"
        tabIndex={-1}
        onChange={(e) => void upload(e.target.files?.[0])}
      />
      <Button size="sm" variant="outline" className="h-8 justify-self-start" disabled={disabled} onClick={() => file.current?.click()}>
        <Upload aria-hidden="true" /> Upload image
      </Button>
      {problem ? (
        <p role="alert" className="text-xs text-destructive">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
