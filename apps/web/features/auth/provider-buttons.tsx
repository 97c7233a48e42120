'use client';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { Loader2, LogIn } from 'lucide-react';
import { Button } from '@/ui/button';
import { useAppServices } from '@/lib/api/services';
import { bindSignInToTab, providerFailure, providerStartUrl, type SignInProvider } from './provider-sign-in';

/**
 * "Continue with Label" for each configured provider, above the password form with an "or" between,
 * and why the last sign-in with one came back; nothing at all when no provider is configured. A
 * click binds the sign-in to this tab first (bindSignInToTab): followed before the page is
 * interactive, the plain link comes back asking to try again.
 */
export function ProviderButtons({ providers, mode }: { providers: SignInProvider[]; mode: 'login' | 'register' }) {
  const { config } = useAppServices();
  const search = useSearchParams();
  const [pending, setPending] = useState<string | null>(null);
  // Back from the provider through the browser's history (a page kept in memory): the buttons work again.
  useEffect(() => {
    const reset = (e: PageTransitionEvent) => {
      if (e.persisted) setPending(null);
    };
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);
  if (!providers.length) return null;
  const failure = providerFailure(search, providers);
  return (
    <div className="mb-4 grid gap-4" data-testid="provider-sign-in">
      {failure ? (
        <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive" data-testid="provider-error">
          {failure}
        </p>
      ) : null}
      <div className="grid gap-2">
        {providers.map((p) => (
          <Button key={p.id} asChild variant="outline" className="w-full">
            <a
              href={providerStartUrl(config.apiUrl, p.id, search, mode)}
              onClick={(e) => {
                e.preventDefault();
                if (pending !== null) return;
                setPending(p.id);
                void bindSignInToTab().then(
                  (tab) => window.location.assign(providerStartUrl(config.apiUrl, p.id, search, mode, tab)),
                  () => setPending(null),
                );
              }}
              aria-disabled={pending !== null}
              data-testid={`provider-${p.id}`}
              className={pending !== null && pending !== p.id ? 'pointer-events-none opacity-50' : undefined}
            >
              {pending === p.id ? <Loader2 className="animate-spin" aria-hidden="true" /> : <LogIn aria-hidden="true" />}
              <span className="truncate">Continue with {p.label}</span>
            </a>
          </Button>
        ))}
      </div>
      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
    </div>
  );
}
