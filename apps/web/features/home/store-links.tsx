import { Apple } from 'lucide-react';
import { serverConfig } from '@/lib/server/config';
import { cn } from '@/lib/cn';

function PlayMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true">
      <path d="M3.6 1.8 13.8 12 3.6 22.2c-.4-.2-.6-.6-.6-1.1V2.9c0-.5.2-.9.6-1.1Z" fill="#00C3F0" />
      <path d="M3.6 1.8 17.2 8.6 13.8 12Z" fill="#00D36B" />
      <path d="M3.6 22.2 13.8 12l3.4 3.4Z" fill="#F4364C" />
      <path d="m17.2 8.6 3.7 2.1c1 .6 1 2 0 2.6l-3.7 2.1-3.4-3.4Z" fill="#FFC400" />
    </svg>
  );
}

const BADGE =
  'inline-flex h-12 min-w-40 items-center gap-3 rounded-xl border border-foreground/10 bg-foreground px-4 text-background shadow-sm transition-[opacity,transform] outline-none hover:opacity-90 focus-visible:ring-[3px] focus-visible:ring-ring/60 active:scale-[0.98]';

/** The mobile apps; the store addresses come from configuration (rendered on the server). */
function StoreLinks({ className }: { className?: string }) {
  const { appStoreUrl, playStoreUrl } = serverConfig();
  return (
    <div className={cn('flex flex-wrap gap-3', className)}>
      <a
        href={appStoreUrl}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="app-store-link"
        className={BADGE}
        aria-label="Download Sprout on the App Store"
      >
        <Apple className="size-6 shrink-0" fill="currentColor" strokeWidth={1.25} aria-hidden="true" />
        <span className="flex flex-col text-left leading-tight">
          <span className="text-[10px] tracking-wide opacity-80">Download on the</span>
          <span className="text-base font-semibold">App Store</span>
        </span>
      </a>
      <a href={playStoreUrl} target="_blank" rel="noopener noreferrer" data-testid="play-store-link" className={BADGE} aria-label="Get Sprout on Google Play">
        <PlayMark className="size-6 shrink-0" />
        <span className="flex flex-col text-left leading-tight">
          <span className="text-[10px] tracking-wide uppercase opacity-80">Get it on</span>
          <span className="text-base font-semibold">Google Play</span>
        </span>
      </a>
    </div>
  );
}

export function MobileAppsSection() {
  return (
    <section aria-labelledby="apps-heading" className="mx-auto w-full max-w-5xl px-4 pb-16 sm:pb-24">
      <div className="relative overflow-hidden rounded-3xl border bg-gradient-to-br from-primary/15 via-card to-card p-8 shadow-xs sm:p-10">
        <div aria-hidden="true" className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-primary/20 blur-3xl" />
        <div className="relative flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
          <div className="max-w-md">
            <h2 id="apps-heading" className="text-2xl font-semibold tracking-tight">
              Keep building on your phone
            </h2>
            <p className="mt-2 text-muted-foreground">Sprout is on iPhone and Android. Capture an idea wherever you are and pick it up here on the web.</p>
          </div>
          <StoreLinks />
        </div>
      </div>
    </section>
  );
}
