'use client';
import { useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, CircleAlert, Clock, CreditCard, Crown, LoaderCircle, RotateCw } from 'lucide-react';
import { toast } from '@/lib/client/toast';
import { planSummary } from '@/components/settings/plan';
import { useApi } from '@/lib/client/app-context';
import { useAuth } from '@/lib/client/auth';
import { ApiError } from '@/lib/client/api';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { returnToQuery } from './return-to';
import { TestModeBanner } from './test-mode-banner';

/** GET /v1/billing/test-checkout/:id */
interface TestCheckoutSession {
  id: string;
  tierType: string;
  planLabel: string;
  monthlyMessages: number | null;
  status: 'open' | 'completed' | 'expired';
  expiresAt: string;
  returnTo: string;
  currentTierType: string;
  direction: 'upgrade' | 'downgrade' | 'equal';
}

interface Completion {
  url: string;
}

function Frame({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto grid w-full max-w-3xl gap-5 px-4 py-8 sm:py-12">{children}</div>;
}

function Message({ icon, title, body, action, testId }: { icon: React.ReactNode; title: string; body: string; action: React.ReactNode; testId: string }) {
  return (
    <div className="rounded-2xl border bg-card p-6 text-center shadow-sm sm:p-8" data-testid={testId} role="status">
      <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-2xl bg-muted">{icon}</div>
      <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-1 text-sm text-muted-foreground">{body}</p>
      <div className="mt-6 flex justify-center">{action}</div>
    </div>
  );
}

/**
 * Sprout's own checkout page for test mode (no STRIPE_SECRET_KEY): shows the plan and "Pay", which
 * activates it through POST /v1/billing/test-checkout/:id/complete, then hands over to the
 * confirmation page that returns the person to where they came from.
 */
export function TestCheckout({ sessionId }: { sessionId: string }) {
  const api = useApi();
  const router = useRouter();
  const { status } = useAuth();
  const [paying, setPaying] = useState(false);
  const checkout = useQuery({
    queryKey: ['test-checkout', sessionId],
    queryFn: () => api.request<TestCheckoutSession>('GET', `/billing/test-checkout/${encodeURIComponent(sessionId)}`),
    enabled: status === 'signed-in' && sessionId !== '',
    retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
  });

  async function pay() {
    setPaying(true);
    try {
      const done = await api.request<Completion>('POST', `/billing/test-checkout/${encodeURIComponent(sessionId)}/complete`);
      const next = new URL(done.url);
      router.push(`${next.pathname}${next.search}`);
    } catch (err) {
      setPaying(false);
      if (err instanceof ApiError && (err.status === 409 || err.status === 410)) {
        // Paid in another tab, or expired meanwhile: show the page for what it is now.
        void checkout.refetch();
        return;
      }
      toast.error(err instanceof ApiError && err.status !== 0 && err.serverMessage ? err.serverMessage : 'Payment did not go through. Please try again.', {
        id: 'test-checkout-error',
        testId: 'test-checkout-error-toast',
      });
    }
  }

  if (!sessionId || (checkout.error instanceof ApiError && (checkout.error.status === 404 || checkout.error.status === 400))) {
    return (
      <Frame>
        <Message
          testId="test-checkout-missing"
          icon={<CircleAlert className="size-6 text-destructive" aria-hidden="true" />}
          title="This checkout does not exist"
          body="The link may be incomplete, belong to another account, or the test checkout may be turned off on this server."
          action={
            <Button asChild>
              <Link href="/pricing">See plans</Link>
            </Button>
          }
        />
      </Frame>
    );
  }
  if (checkout.isError) {
    return (
      <Frame>
        <Message
          testId="test-checkout-error"
          icon={<CircleAlert className="size-6 text-destructive" aria-hidden="true" />}
          title="Could not load this checkout"
          body="Check your connection and try again."
          action={
            <Button variant="outline" onClick={() => void checkout.refetch()}>
              <RotateCw aria-hidden="true" /> Try again
            </Button>
          }
        />
      </Frame>
    );
  }
  if (!checkout.data) {
    return (
      <Frame>
        <Skeleton className="h-20 w-full" />
        <div className="grid gap-4 md:grid-cols-2" aria-busy="true" aria-label="Loading checkout">
          <Skeleton className="h-64 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      </Frame>
    );
  }

  const c = checkout.data;
  if (c.status === 'completed') {
    return (
      <Frame>
        <Message
          testId="test-checkout-completed"
          icon={<CheckCircle2 className="size-6 text-primary" aria-hidden="true" />}
          title="This checkout is already paid"
          body={`You are subscribed to ${c.planLabel}.`}
          action={
            <Button asChild>
              <Link href={c.returnTo}>Continue</Link>
            </Button>
          }
        />
      </Frame>
    );
  }
  if (c.status === 'expired') {
    return (
      <Frame>
        <Message
          testId="test-checkout-expired"
          icon={<Clock className="size-6 text-muted-foreground" aria-hidden="true" />}
          title="This checkout has expired"
          body="Checkout links work for an hour. Start again to subscribe."
          action={
            <Button asChild>
              <Link href={`/go-to-checkout?tier=${c.tierType}${returnToQuery(c.returnTo)}`}>Start again</Link>
            </Button>
          }
        />
      </Frame>
    );
  }

  return (
    <Frame>
      <TestModeBanner />
      <div className="grid overflow-hidden rounded-2xl border bg-card shadow-sm md:grid-cols-2" data-testid="test-checkout" data-tier={c.tierType}>
        <section aria-labelledby="order-heading" className="grid content-start gap-5 border-b bg-muted/30 p-5 sm:p-7 md:border-r md:border-b-0">
          <div>
            <p className="text-sm text-muted-foreground">Subscribe to</p>
            <h1 id="order-heading" className="mt-1 flex items-center gap-2 text-2xl font-semibold tracking-tight" data-testid="test-checkout-plan">
              <Crown className="size-5 text-primary" aria-hidden="true" /> {c.planLabel}
            </h1>
            {c.direction === 'upgrade' ? <Badge className="mt-2">Upgrade</Badge> : null}
          </div>
          <ul className="grid gap-2 text-sm">
            {planSummary(c.tierType).map((line) => (
              <li key={line} className="flex items-center gap-2">
                <CheckCircle2 className="size-4 shrink-0 text-primary" aria-hidden="true" /> {line}
              </li>
            ))}
          </ul>
          <dl className="grid gap-2 border-t pt-4 text-sm">
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">Billing</dt>
              <dd>Monthly, renews automatically</dd>
            </div>
            <div className="flex justify-between gap-3 font-semibold">
              <dt>Due today</dt>
              <dd data-testid="test-checkout-total">Nothing — test mode</dd>
            </div>
          </dl>
        </section>
        <section aria-labelledby="pay-heading" className="grid content-start gap-5 p-5 sm:p-7">
          <h2 id="pay-heading" className="font-semibold">
            Payment
          </h2>
          <div className="flex items-center gap-3 rounded-lg border border-dashed p-3 text-sm">
            <CreditCard className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <div>
              <p className="font-medium">Test card</p>
              <p className="text-muted-foreground">No card needed and nothing is charged.</p>
            </div>
          </div>
          <Button size="lg" className="w-full" onClick={() => void pay()} disabled={paying} data-testid="test-checkout-pay">
            {paying ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            Pay and subscribe (test)
          </Button>
          <Button asChild variant="ghost" className="w-full">
            <Link href={`/go-to-checkout?tier=${c.tierType}${returnToQuery(c.returnTo)}&canceled=1`} data-testid="test-checkout-cancel">
              Cancel
            </Link>
          </Button>
          <p className="text-xs text-muted-foreground">This link is yours alone and works once, until {new Date(c.expiresAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}.</p>
        </section>
      </div>
    </Frame>
  );
}
