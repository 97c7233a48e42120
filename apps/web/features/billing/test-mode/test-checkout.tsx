'use client';
import type { ReactNode } from 'react';
import { useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, CircleAlert, Clock, RotateCw } from 'lucide-react';
import type { TestCheckout as TestCheckoutSession } from '@sprout/core/contract';
import { toast } from '@/lib/browser/toast';
import { useBillingCalls } from '../subscription';
import { useAuth } from '@/lib/api/auth';
import { ApiError } from '@/lib/api/client';
import { errorText, hasStatus } from '@/lib/api/error-text';
import { Button } from '@/ui/button';
import { Skeleton, Skeletons } from '@/ui/skeleton';
import { returnToQuery } from '../return-to';
import { TestCheckoutForm } from './test-checkout-form';
import { TestModeBanner } from './test-mode-banner';

function Frame({ children }: { children: ReactNode }) {
  return <div className="mx-auto grid w-full max-w-3xl gap-5 px-4 py-8 sm:py-12">{children}</div>;
}

interface MessageProps {
  testId: string;
  icon: ReactNode;
  title: string;
  body: string;
  action: ReactNode;
}

function Message({ icon, title, body, action, testId }: MessageProps) {
  return (
    <Frame>
      <div className="rounded-2xl border bg-card p-6 text-center shadow-sm sm:p-8" data-testid={testId} role="status">
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-2xl bg-muted">{icon}</div>
        <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{body}</p>
        <div className="mt-6 flex justify-center">{action}</div>
      </div>
    </Frame>
  );
}

const linkButton = (href: string, label: string) => (
  <Button asChild>
    <Link href={href}>{label}</Link>
  </Button>
);

/** What the page says instead of the checkout form: it does not exist, did not load, is paid, or expired. */
function stateMessage(state: 'missing' | 'error' | 'completed' | 'expired', c: TestCheckoutSession | undefined, retry: () => void): MessageProps {
  const alert = <CircleAlert className="size-6 text-destructive" aria-hidden="true" />;
  switch (state) {
    case 'missing':
      return {
        testId: 'test-checkout-missing',
        icon: alert,
        title: 'This checkout does not exist',
        body: 'The link may be incomplete, belong to another account, or the test checkout may be turned off on this server.',
        action: linkButton('/pricing', 'See plans'),
      };
    case 'error':
      return {
        testId: 'test-checkout-error',
        icon: alert,
        title: 'Could not load this checkout',
        body: 'Check your connection and try again.',
        action: (
          <Button variant="outline" onClick={retry}>
            <RotateCw aria-hidden="true" /> Try again
          </Button>
        ),
      };
    case 'completed':
      return {
        testId: 'test-checkout-completed',
        icon: <CheckCircle2 className="size-6 text-primary" aria-hidden="true" />,
        title: 'This checkout is already paid',
        body: `You are subscribed to ${c!.planLabel}.`,
        action: linkButton(c!.returnTo, 'Continue'),
      };
    case 'expired':
      return {
        testId: 'test-checkout-expired',
        icon: <Clock className="size-6 text-muted-foreground" aria-hidden="true" />,
        title: 'This checkout has expired',
        body: 'Checkout links work for an hour. Start again to subscribe.',
        action: linkButton(`/go-to-checkout?tier=${c!.tierType}${returnToQuery(c!.returnTo)}`, 'Start again'),
      };
  }
}

/**
 * Sprout's own checkout page for test mode (no STRIPE_SECRET_KEY): shows the plan and "Pay", which
 * activates it through POST /v1/billing/test-checkout/:id/complete, then hands over to the
 * confirmation page that returns the person to where they came from.
 */
export function TestCheckout({ sessionId }: { sessionId: string }) {
  const calls = useBillingCalls();
  const router = useRouter();
  const { status } = useAuth();
  const [paying, setPaying] = useState(false);
  const checkout = useQuery({
    queryKey: ['test-checkout', sessionId],
    queryFn: () => calls.testCheckout(sessionId),
    enabled: status === 'signed-in' && sessionId !== '',
    retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
  });
  const retry = () => void checkout.refetch();

  async function pay() {
    setPaying(true);
    try {
      const done = await calls.completeTestCheckout(sessionId);
      const next = new URL(done.url);
      router.push(`${next.pathname}${next.search}`);
    } catch (err) {
      setPaying(false);
      if (hasStatus(err, 409, 410)) {
        // Paid in another tab, or expired meanwhile: show the page for what it is now.
        retry();
        return;
      }
      toast.error(errorText(err, { status: 'none', network: false, otherwise: 'Payment did not go through. Please try again.' }), {
        id: 'test-checkout-error',
        testId: 'test-checkout-error-toast',
      });
    }
  }

  if (!sessionId || hasStatus(checkout.error, 404, 400)) return <Message {...stateMessage('missing', undefined, retry)} />;
  if (checkout.isError) return <Message {...stateMessage('error', undefined, retry)} />;
  const c = checkout.data;
  if (!c) {
    return (
      <Frame>
        <Skeleton className="h-20 w-full" />
        <Skeletons className="gap-4 md:grid-cols-2" label="Loading checkout" bars={['h-64 w-full', 'h-64 w-full']} />
      </Frame>
    );
  }
  if (c.status === 'completed' || c.status === 'expired') return <Message {...stateMessage(c.status, c, retry)} />;

  return (
    <Frame>
      <TestModeBanner />
      <TestCheckoutForm c={c} paying={paying} onPay={() => void pay()} />
    </Frame>
  );
}
