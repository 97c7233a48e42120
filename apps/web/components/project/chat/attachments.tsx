'use client';
import { useEffect, useState } from 'react';
import { ImageOff, LoaderCircle, X } from 'lucide-react';
import { useAppServices } from '@/lib/client/app-context';
import { cn } from '@/lib/cn';
import type { ChatAttachment } from './chat-session';

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_ATTACHMENTS = 4;

/** A thumbnail of a stored upload: GET /build/v1/uploads/:id needs the bearer token, so it is fetched as a blob. */
const thumbs = new Map<string, Promise<string | null>>();

function thumbUrl(uploadId: string, load: () => Promise<string | null>): Promise<string | null> {
  let p = thumbs.get(uploadId);
  if (!p) {
    p = load();
    thumbs.set(uploadId, p);
  }
  return p;
}

export function useUploadThumbnail(attachment: ChatAttachment): string | null | undefined {
  const { config, identity } = useAppServices();
  const [url, setUrl] = useState<string | null | undefined>(attachment.previewUrl);
  useEffect(() => {
    if (attachment.previewUrl) return setUrl(attachment.previewUrl);
    let live = true;
    void thumbUrl(attachment.uploadId, async () => {
      try {
        const token = await identity.getIdToken();
        const res = await fetch(`${config.apiUrl}/build/v1/uploads/${encodeURIComponent(attachment.uploadId)}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
        if (!res.ok) return null;
        return URL.createObjectURL(await res.blob());
      } catch {
        return null;
      }
    }).then((u) => {
      if (live) setUrl(u);
    });
    return () => {
      live = false;
    };
  }, [attachment.uploadId, attachment.previewUrl, config.apiUrl, identity]);
  return url;
}

export function Thumbnail({ attachment, className }: { attachment: ChatAttachment; className?: string }) {
  const url = useUploadThumbnail(attachment);
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
          <span className={cn('flex size-14 items-center justify-center overflow-hidden rounded-lg border bg-muted', img.status === 'error' && 'border-destructive')}>
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
