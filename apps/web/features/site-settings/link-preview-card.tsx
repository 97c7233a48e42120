'use client';
import { ImageIcon } from 'lucide-react';

/** How the page will look when its link is shared: the picture, the address, the title and the description. */
export function LinkPreviewCard({ title, description, host, imageSrc }: { title: string; description: string; host: string; imageSrc: string | null }) {
  return (
    <figure data-testid="site-link-preview" aria-label="Link preview" className="overflow-hidden rounded-lg border bg-card text-left shadow-xs">
      <div className="flex aspect-[1.91/1] w-full items-center justify-center bg-muted text-muted-foreground">
        {imageSrc ? (
          // biome-ignore lint/performance/noImgElement: the app's own image on its own origin, or a local file being uploaded
          <img src={imageSrc} alt="" className="size-full object-cover" />
        ) : (
          <span className="flex items-center gap-2 text-xs">
            <ImageIcon className="size-4" aria-hidden="true" /> No picture
          </span>
        )}
      </div>
      <figcaption className="grid gap-0.5 border-t px-3 py-2">
        <span className="truncate text-xs uppercase text-muted-foreground">{host}</span>
        <span className="line-clamp-1 text-sm font-semibold">{title}</span>
        {description ? <span className="line-clamp-2 text-xs text-muted-foreground">{description}</span> : null}
      </figcaption>
    </figure>
  );
}
