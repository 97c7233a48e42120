import type { ReactNode } from 'react';

/** The headline and subline with the prompt box as the centrepiece. */
export function Hero({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="home-heading" className="relative isolate">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10 overflow-hidden">
        <div className="absolute inset-0 bg-[radial-gradient(ellipse_70%_55%_at_50%_0%,color-mix(in_oklab,var(--primary)_22%,transparent),transparent_70%)]" />
        <div className="absolute inset-0 [mask-image:radial-gradient(ellipse_60%_50%_at_50%_20%,black,transparent_75%)] bg-[linear-gradient(to_right,color-mix(in_oklab,var(--foreground)_6%,transparent)_1px,transparent_1px),linear-gradient(to_bottom,color-mix(in_oklab,var(--foreground)_6%,transparent)_1px,transparent_1px)] bg-[size:44px_44px]" />
      </div>
      <div className="mx-auto flex w-full max-w-4xl flex-col items-center px-4 pt-14 pb-12 text-center sm:pt-24 sm:pb-16">
        <p className="mb-5 inline-flex items-center gap-2 rounded-full border bg-background/70 px-3 py-1 text-xs font-medium text-muted-foreground shadow-xs backdrop-blur">
          <span className="size-1.5 rounded-full bg-primary" aria-hidden="true" />
          AI app builder for apps, games and websites
        </p>
        <h1 id="home-heading" className="text-4xl font-semibold tracking-tight text-balance sm:text-6xl">
          Finally launch your{' '}
          <span className="bg-gradient-to-r from-primary to-[color-mix(in_oklab,var(--primary)_55%,var(--foreground))] bg-clip-text text-transparent">
            ideas
          </span>
        </h1>
        <p className="mt-4 max-w-xl text-base text-pretty text-muted-foreground sm:text-lg">Turn your ideas into fully functional apps, games, and websites</p>
        <div className="mt-8 w-full max-w-3xl text-left sm:mt-10">{children}</div>
      </div>
    </section>
  );
}
