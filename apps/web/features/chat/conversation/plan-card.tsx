'use client';
import { useState } from 'react';
import { Check, ClipboardList, Hammer, Loader2 } from 'lucide-react';
import { DESIGN_ANSWER_ID } from '@sprout/core';
import type { KeptPlan } from '@sprout/core/contract';
import { DesignDirections } from './design-directions';
import { PlanChecklist } from './plan-checklist';
import { Button } from '@/ui/button';
import { cn } from '@/lib/cn';

export interface PlanCardProps {
  runId: string;
  kept: KeptPlan;
  /** Build pressed: resolves to whether the build was started. Absent: Build is not offered (an older plan). */
  onBuild?: (answers: Record<string, string>, notes: string | null) => Promise<boolean>;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid gap-1">
      <h4 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h4>
      {children}
    </section>
  );
}

/**
 * A plan run's plan: what Sprout understood, the screens, the data and who may see it, what it
 * needs, a design direction and its questions, whose suggested answers are buttons. Build sends it
 * (with the answers and any change written here) as one message; nothing before that is charged.
 */
export function PlanCard({ runId, kept, onBuild }: PlanCardProps) {
  const { plan, approved } = kept;
  const [answers, setAnswers] = useState<Record<string, string>>(() => approved?.answers ?? {});
  const [notes, setNotes] = useState(approved?.notes ?? '');
  const [state, setState] = useState<'open' | 'building' | 'built'>(approved ? 'built' : 'open');
  const open = state === 'open' && !!onBuild;

  const build = async () => {
    if (!onBuild) return;
    setState('building');
    setState((await onBuild(answers, notes.trim() || null)) ? 'built' : 'open');
  };

  return (
    <div data-testid="plan-card" data-run-id={runId} data-state={state} className="mt-2 grid gap-3 rounded-xl border bg-card p-3.5 text-sm shadow-xs">
      <div className="flex items-start gap-2">
        <ClipboardList className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        <p className="min-w-0" data-testid="plan-summary">
          {plan.summary}
        </p>
      </div>
      {plan.screens.length ? (
        <Section title="Screens">
          <ul className="grid gap-0.5 pl-4 [list-style:disc]">
            {plan.screens.map((s) => (
              <li key={s.name}>
                <span className="font-medium">{s.name}</span>: {s.description}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {plan.data.length ? (
        <Section title="Data">
          <ul className="grid gap-0.5 pl-4 [list-style:disc]">
            {plan.data.map((d) => (
              <li key={d.name}>
                <span className="font-medium">{d.name}</span>
                {d.fields.length ? ` (${d.fields.join(', ')})` : ''} — {d.access}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {plan.integrations.length ? (
        <Section title="Functions and integrations">
          <ul className="grid gap-0.5 pl-4 [list-style:disc]">
            {plan.integrations.map((x) => (
              <li key={x.name}>
                <span className="font-medium">{x.name}</span>: {x.reason}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      <Section title="Design">
        <p>{plan.design}</p>
      </Section>
      {plan.directions?.length ? (
        <DesignDirections
          directions={plan.directions}
          chosen={answers[DESIGN_ANSWER_ID] ?? null}
          disabled={!open}
          onChoose={(id) => setAnswers((a) => ({ ...a, [DESIGN_ANSWER_ID]: id }))}
        />
      ) : null}
      {plan.questions.map((q) => (
        <div key={q.id} role="group" aria-label={q.text} className="grid gap-1.5" data-testid="plan-question">
          <p className="font-medium">{q.text}</p>
          <div className="flex flex-wrap gap-1.5">
            {q.options.map((o) => {
              const chosen = answers[q.id] === o;
              return (
                <button
                  key={o}
                  type="button"
                  aria-pressed={chosen}
                  disabled={!open}
                  onClick={() => setAnswers((a) => ({ ...a, [q.id]: o }))}
                  className={cn(
                    'inline-flex min-h-8 items-center gap-1 rounded-full border px-3 py-1 text-left text-xs outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-default disabled:opacity-70',
                    chosen && 'border-primary bg-primary/10 font-medium text-foreground',
                  )}
                >
                  {chosen ? <Check className="size-3 shrink-0" aria-hidden="true" /> : null}
                  {o}
                </button>
              );
            })}
          </div>
        </div>
      ))}
      {open ? (
        <label className="grid gap-1 text-xs font-medium text-muted-foreground">
          Changes to the plan (optional)
          <textarea
            value={notes}
            maxLength={2000}
            rows={2}
            onChange={(e) => setNotes(e.target.value)}
            placeholder="Anything to add, drop or change before building"
            className="resize-y rounded-md border bg-background px-2.5 py-1.5 text-sm font-normal text-foreground outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
          />
        </label>
      ) : approved?.notes ? (
        <p className="text-xs text-muted-foreground">Your changes: {approved.notes}</p>
      ) : null}
      {kept.checked?.length ? <PlanChecklist items={kept.checked} /> : null}
      <div className="flex flex-wrap items-center gap-2">
        {state === 'built' ? (
          <p className="inline-flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="plan-built">
            <Check className="size-3.5 text-primary" aria-hidden="true" /> Sent to build
          </p>
        ) : onBuild ? (
          <>
            <Button size="sm" onClick={() => void build()} disabled={state === 'building'} data-testid="plan-build">
              {state === 'building' ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Hammer aria-hidden="true" />}
              Build
            </Button>
            <span className="text-xs text-muted-foreground">Planning is free; building counts as one message.</span>
          </>
        ) : null}
      </div>
    </div>
  );
}
