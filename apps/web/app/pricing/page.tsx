import { getServerSession } from '@/lib/server/session';
import { serverPlanPrices } from '@/lib/server/prices';
import { PricingPlans, ReasonBanner, PricingFaq } from '@/features/pricing';
import { returnToParam, isPricingReason } from '@/features/billing';

export const metadata = { title: 'Pricing' };

export default async function PricingPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { reason, returnTo } = await searchParams;
  // Where checkout comes back to (the page that sent the person here); only a safe same-origin path.
  const back = returnToParam(returnTo);
  const [session, prices] = await Promise.all([getServerSession(), serverPlanPrices()]);
  return (
    <main className="relative isolate flex flex-1 flex-col" data-testid="pricing">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-96 bg-[radial-gradient(ellipse_60%_70%_at_50%_0%,color-mix(in_oklab,var(--primary)_16%,transparent),transparent_70%)]"
      />
      <div className="mx-auto flex w-full max-w-6xl flex-col items-center gap-10 px-4 py-12 sm:py-16">
        <header className="max-w-2xl text-center">
          <p className="text-sm font-medium text-primary">Pricing</p>
          <h1 className="mt-2 text-3xl font-semibold tracking-tight text-balance sm:text-5xl">Plans that grow with your ideas</h1>
          <p className="mt-4 text-muted-foreground sm:text-lg">
            Start free. When you are ready to build more, pick the monthly message allowance that fits. Every Premium plan has unlimited projects.
          </p>
        </header>
        {isPricingReason(reason) ? <ReasonBanner reason={reason} /> : null}
        <PricingPlans serverTier={session?.user.tier ?? null} returnTo={back} prices={prices} />
        <PricingFaq />
      </div>
    </main>
  );
}
