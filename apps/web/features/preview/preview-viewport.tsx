'use client';
import { useEffect, useState, type ReactNode, type RefObject } from 'react';
import { Loader2, RotateCw } from 'lucide-react';
import { Button } from '@/ui/button';
import { Skeleton, Skeletons } from '@/ui/skeleton';
import { IndeterminateBar } from '@/ui/indeterminate-bar';
import { cn } from '@/lib/cn';
import { deviceOf, type Device } from './device-switcher';

// Sandboxed although the preview has an origin of its own: no top navigation, no plugins. The
// preview's origin is not the web app's, so allow-same-origin only gives it its own cookie and storage.
const SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-modals allow-downloads';

/** A quiet sketch of an app while the first page loads. */
function LoadingSkeleton({ slow, onRetry }: { slow: boolean; onRetry: () => void }) {
  return (
    <div
      role="status"
      aria-label="Loading preview"
      data-testid="preview-loading"
      data-kind="initial"
      className="absolute inset-0 z-10 overflow-hidden bg-background"
    >
      <div className="flex h-full flex-col gap-5 p-5 opacity-70 sm:p-8" aria-hidden="true">
        <div className="flex items-center gap-3">
          <Skeleton className="size-7 rounded-lg" />
          <Skeleton className="h-3 w-24 rounded-full" />
          <Skeletons className="ml-auto hidden gap-3 sm:flex" bars={['h-3 w-14 rounded-full', 'h-3 w-14 rounded-full']} />
        </div>
        <Skeletons
          className="mt-4 max-w-lg gap-3"
          bars={['h-6 w-3/4 rounded-lg', 'h-3 w-full rounded-full', 'h-3 w-5/6 rounded-full', 'mt-2 h-9 w-32 rounded-lg']}
        />
        <Skeletons
          className="mt-2 flex-1 grid-cols-1 gap-4 @md:grid-cols-3"
          bars={[
            'max-h-40 rounded-xl border bg-muted/60',
            'hidden max-h-40 rounded-xl border bg-muted/60 @md:block',
            'hidden max-h-40 rounded-xl border bg-muted/60 @md:block',
          ]}
        />
      </div>
      <div className="absolute inset-0 flex items-center justify-center">
        <div className="flex flex-col items-center gap-3 rounded-xl border bg-background/90 px-5 py-4 text-center shadow-sm backdrop-blur-sm">
          <span className="flex items-center gap-2 text-sm font-medium">
            <Loader2 className="size-4 animate-spin text-primary" aria-hidden="true" />
            Starting your app…
          </span>
          {slow ? (
            <div className="grid justify-items-center gap-2" data-testid="preview-slow">
              <p className="max-w-60 text-xs text-muted-foreground">
                This is taking longer than usual. The first start after an update can take a few seconds.
              </p>
              <Button variant="outline" size="sm" onClick={onRetry}>
                <RotateCw aria-hidden="true" /> Try again
              </Button>
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** A thin moving bar while an already visible preview loads its next version. */
function RefreshBar() {
  return (
    <div role="status" aria-label="Updating preview" data-testid="preview-loading" data-kind="refresh" className="absolute inset-x-0 top-0 z-10">
      <IndeterminateBar trackClassName="h-0.5" />
    </div>
  );
}

function useSlow(active: boolean, ms = 8000): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    setSlow(false);
    if (!active) return;
    const t = setTimeout(() => setSlow(true), ms);
    return () => clearTimeout(t);
  }, [active, ms]);
  return slow;
}

export interface PreviewViewportProps {
  frameRef: RefObject<HTMLIFrameElement | null>;
  src: string | null;
  /** The frame still on screen while `src` loads in a new one. */
  previousSrc: string | null;
  title: string;
  device: Device;
  /** The frame's `allow` attribute: only the powerful features the person granted (usePreviewPermissions). */
  allow: string;
  /** No page has been shown yet: a skeleton covers the frame. */
  firstLoad: boolean;
  /** A new page is on its way (session request or iframe load). */
  loading: boolean;
  onLoad: (src: string | null) => void;
  onRetry: () => void;
  /** Drawn over the frame (the build error overlay). */
  overlay?: ReactNode;
  /** Drawn over the frame instead of it and of its loading sketch (the first reply still building the app). */
  cover?: ReactNode;
  /** A reply is under way: a slow first load is not "taking longer than usual" until it has ended. */
  holdSlow?: boolean;
  /** Beside the frame, over the stage (the element edit panel): a phone-sized frame stays uncovered on wide screens. */
  aside?: ReactNode;
}

/** The iframe at the chosen device width: phones and tablets as a framed screen on a dotted stage. */
export function PreviewViewport({
  frameRef,
  src,
  previousSrc,
  title,
  device,
  allow,
  firstLoad,
  loading,
  onLoad,
  onRetry,
  overlay,
  cover,
  holdSlow = false,
  aside,
}: PreviewViewportProps) {
  const { width } = deviceOf(device);
  const framed = width !== null;
  const slow = useSlow(firstLoad && loading && !holdSlow);

  return (
    <div
      className={cn(
        'relative flex min-h-0 flex-1 justify-center overflow-auto',
        framed && 'bg-muted/50 bg-[radial-gradient(var(--border)_1px,transparent_1px)] [background-size:16px_16px] p-3 sm:p-5',
      )}
      data-testid="preview-stage"
      data-device={device}
    >
      <div
        className={cn(
          '@container relative h-full min-h-0 max-w-full overflow-hidden bg-background transition-[width] duration-300 ease-out motion-reduce:transition-none',
          framed && 'rounded-2xl shadow-xl ring-1 ring-border',
        )}
        style={{ width: framed ? `${width}px` : '100%' }}
      >
        {/*
          One element per address (key), in a stable order (older first): changing an iframe's src
          would add an entry to the page's history (Back would step through old previews), and
          moving an iframe in the DOM reloads it. The previous frame stays visible until the new
          one has loaded, then goes.
        */}
        {(previousSrc ? [previousSrc, src] : [src]).map((url) => {
          if (!url) return null;
          const current = url === src;
          return (
            <iframe
              key={url}
              ref={current ? frameRef : undefined}
              src={url}
              title={current ? title : `${title} (previous)`}
              aria-hidden={current ? undefined : true}
              tabIndex={current ? undefined : -1}
              data-testid={current ? 'preview-frame' : 'preview-frame-previous'}
              data-device={device}
              sandbox={SANDBOX}
              allow={allow}
              referrerPolicy="no-referrer"
              onLoad={current ? (e) => onLoad(e.currentTarget.getAttribute('src')) : undefined}
              className={cn('absolute inset-0 block size-full border-0 bg-white', current && previousSrc && 'pointer-events-none opacity-0')}
            />
          );
        })}
        {cover ?? (firstLoad ? <LoadingSkeleton slow={slow} onRetry={onRetry} /> : loading ? <RefreshBar /> : null)}
        {cover ? null : overlay}
      </div>
      {cover ? null : aside}
    </div>
  );
}
