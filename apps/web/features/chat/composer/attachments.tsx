'use client';
import { ImageOff, LoaderCircle, X } from 'lucide-react';
import { useUploadedImage } from '../queries';
import { cn } from '@/lib/cn';
import type { ChatAttachment } from '../session/chat-state';

export function Thumbnail({ attachment, className }: { attachment: ChatAttachment; className?: string }) {
  const url = useUploadedImage(attachment);
  return (
    <span className={cn('flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-muted', className)}>
      {url ? (
        <img src={url} alt="Attached image" className="size-full object-cover" />
      ) : url === null ? (
        <ImageOff className="size-4 text-muted-foreground" aria-label="Image unavailable" />
      ) : (
        <LoaderCircle className="size-4 text-muted-foreground motion-safe:animate-spin" aria-label="Loading image" />
      )}
    </span>
  );
}

/** An image in the input before sending: uploading, uploaded, or failed (with the reason). */
export interface DraftImage {
  key: string;
  name: string;
  previewUrl: string;
  status: 'uploading' | 'ready' | 'error';
  error?: string;
  attachment?: ChatAttachment;
}

export function DraftImages({ images, onRemove }: { images: DraftImage[]; onRemove: (key: string) => void }) {
  if (images.length === 0) return null;
  return (
    <ul className="flex gap-2 overflow-x-auto px-3 pt-3" aria-label="Attached images" data-testid="chat-attachments">
      {images.map((img) => (
        <li key={img.key} className="relative shrink-0" data-testid="chat-attachment" data-status={img.status}>
          <span
            className={cn(
              'flex size-14 items-center justify-center overflow-hidden rounded-lg border bg-muted',
              img.status === 'error' && 'border-destructive',
            )}
          >
            {img.previewUrl ? (
              <img src={img.previewUrl} alt={img.name} className={cn('size-full object-cover', img.status !== 'ready' && 'opacity-50')} />
            ) : img.attachment ? (
              <Thumbnail attachment={img.attachment} className="size-full rounded-none border-0" />
            ) : null}
            {img.status === 'uploading' ? <LoaderCircle className="absolute size-4 text-foreground motion-safe:animate-spin" aria-label="Uploading" /> : null}
          </span>
          {img.status === 'error' ? (
            <span className="sr-only" role="alert">
              {img.name}: {img.error}
            </span>
          ) : null}
          <button
            type="button"
            onClick={() => onRemove(img.key)}
            aria-label={`Remove ${img.name}`}
            title={img.error}
            className="absolute -top-1.5 -right-1.5 inline-flex size-5 items-center justify-center rounded-full border bg-background text-muted-foreground shadow-xs outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <X className="size-3" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}
