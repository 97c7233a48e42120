import { FlaskConical } from 'lucide-react';

/** Unmissable on every page of the built-in test checkout: nothing here takes real money. */
export function TestModeBanner({ detail }: { detail?: string }) {
  return (
    <div
      role="note"
      data-testid="test-mode-banner"
      className="flex items-start gap-3 rounded-xl border-2 border-dashed border-warning bg-[repeating-linear-gradient(135deg,color-mix(in_oklab,var(--warning)_16%,transparent)_0_12px,color-mix(in_oklab,var(--warning)_6%,transparent)_12px_24px)] p-3 text-sm sm:p-4"
    >
      <FlaskConical className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />
      <div className="grid gap-0.5">
        <p className="font-bold tracking-wide uppercase">Test mode</p>
        <p className="text-muted-foreground">
          {detail ?? 'No real payment is taken. This server has no Stripe key, so Sprout’s built-in test checkout stands in for it.'}
        </p>
      </div>
    </div>
  );
}
