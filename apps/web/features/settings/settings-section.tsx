import type { ReactNode } from 'react';

/** A titled settings card; the title sits beside the content on wide screens. */
export function SettingsSection({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="grid gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6 md:grid-cols-[13rem_minmax(0,1fr)] md:gap-8"
    >
      <div className="grid content-start gap-1">
        <h2 id={id} className="font-semibold">
          {title}
        </h2>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      <div className="min-w-0">{children}</div>
    </section>
  );
}
