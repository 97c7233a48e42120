import { ChevronDown } from 'lucide-react';
import { FREE_LIMITS } from '@sprout/core';

const QUESTIONS: { q: string; a: string }[] = [
  {
    q: 'What counts as a message?',
    a: 'Each prompt you send to build or change an app is one message, including the first one that creates a project. When Sprout fixes its own build errors automatically, that does not count.',
  },
  {
    q: 'When do my messages refill?',
    a: 'Daily messages refill at midnight UTC and monthly messages at the start of each calendar month (UTC). Unused messages do not carry over.',
  },
  {
    q: 'What happens when I run out?',
    a: `Your projects stay exactly as they are and you can still open, share and publish them. On Free you can send ${FREE_LIMITS.dailyMessages ?? 0} messages a day again tomorrow, or upgrade to keep going right away.`,
  },
  {
    q: 'Can I change or cancel my plan?',
    a: 'Yes. Move to a bigger or smaller allowance at any time from this page, and manage or cancel your subscription from Billing in your account menu.',
  },
  {
    q: 'Do I own what I build?',
    a: 'Yes. You can download any project as a standard Vite + React project and run or host it anywhere.',
  },
];

export function PricingFaq() {
  return (
    <section aria-labelledby="faq-heading" className="mx-auto w-full max-w-3xl">
      <h2 id="faq-heading" className="mb-6 text-center text-2xl font-semibold tracking-tight">
        Questions, answered
      </h2>
      <div className="divide-y rounded-2xl border bg-card">
        {QUESTIONS.map(({ q, a }) => (
          <details key={q} className="group px-5 [&_summary::-webkit-details-marker]:hidden">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md py-4 font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
              {q}
              <ChevronDown className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180" aria-hidden="true" />
            </summary>
            <p className="pb-4 text-sm leading-relaxed text-muted-foreground">{a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
