import { Eye, MessageSquare, Rocket, type LucideIcon } from 'lucide-react';

const STEPS: { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: MessageSquare,
    title: 'Describe it',
    body: 'Say what you want in plain words: who it is for, what it should do, how it should feel.',
  },
  {
    icon: Eye,
    title: 'Watch it come alive',
    body: 'Sprout writes a real React app and shows a live preview. Ask for changes in the chat as often as you like.',
  },
  {
    icon: Rocket,
    title: 'Launch it',
    body: 'Publish to a public link with one click, share it, or download the code and keep going on your own.',
  },
];

export function HowItWorks() {
  return (
    <section aria-labelledby="how-heading" className="mx-auto w-full max-w-5xl px-4 py-16 sm:py-20">
      <div className="mb-10 text-center">
        <p className="text-sm font-medium text-primary">How it works</p>
        <h2 id="how-heading" className="mt-2 text-2xl font-semibold tracking-tight sm:text-3xl">
          From idea to live app in three steps
        </h2>
      </div>
      <ol className="grid gap-4 md:grid-cols-3">
        {STEPS.map((step, i) => (
          <li key={step.title} className="relative flex flex-col gap-3 rounded-2xl border bg-card p-6 shadow-xs">
            <div className="flex items-center gap-3">
              <span className="flex size-10 items-center justify-center rounded-xl bg-primary/12 text-primary">
                <step.icon className="size-5" aria-hidden="true" />
              </span>
              <span className="text-sm font-medium text-muted-foreground tabular-nums">Step {i + 1}</span>
            </div>
            <h3 className="text-lg font-semibold">{step.title}</h3>
            <p className="text-sm leading-relaxed text-muted-foreground">{step.body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
