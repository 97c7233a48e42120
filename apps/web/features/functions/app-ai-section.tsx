'use client';
import type { AppAiSettings } from '@sprout/core/contract';
import { useRef, useState, type FormEvent } from 'react';
import { Loader2 } from 'lucide-react';
import { errorText } from '@/lib/api/error-text';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import { Label } from '@/ui/label';
import { QueryLoadError } from '@/ui/load-error';
import { Skeletons } from '@/ui/skeleton';
import { parseCap, tokenCount } from './app-ai';
import { AppAiUse } from './app-ai-use';
import { useAppAi, useSaveAiCap } from './queries';

/**
 * The app's own AI (ai.chat in its pages, ctx.ai in its functions) as its owner sees it: this
 * month's use by the preview and the published app, and the monthly token cap they share. Not per
 * dataset, unlike the rest of the panel: one allowance covers both.
 */
export function AppAiSection({ sproutId, enabled, live }: { sproutId: string; enabled: boolean; live: boolean }) {
  const ai = useAppAi(sproutId, { enabled, live });

  let body;
  if (ai.isError && !ai.data) body = <QueryLoadError query={ai} layout="box" title="The app’s AI use did not load" />;
  else if (!ai.data)
    body = <Skeletons label="Loading the app’s AI use" busy={enabled} bars={['h-16 w-full rounded-lg', 'h-2 w-full rounded-full', 'h-10 w-full sm:w-80']} />;
  else
    body = (
      <>
        <AppAiUse settings={ai.data} />
        <CapForm sproutId={sproutId} settings={ai.data} />
      </>
    );

  return (
    <section aria-labelledby="app-ai-heading" className="grid gap-3" data-testid="app-ai-section">
      <h2 id="app-ai-heading" className="text-sm font-semibold">
        App AI
      </h2>
      <p className="text-sm text-muted-foreground">
        Your app’s AI (<code>ai.chat</code> in its pages, <code>ctx.ai</code> in its functions) is answered by Sprout’s model and counts against this app’s
        monthly allowance.
      </p>
      {body}
    </section>
  );
}

function CapForm({ sproutId, settings }: { sproutId: string; settings: AppAiSettings }) {
  const save = useSaveAiCap(sproutId);
  // What the person typed; null shows the saved cap, so a save or a refetch puts it in the field.
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const shown = draft ?? tokenCount(settings.monthlyTokenCap);
  const error = problem ?? (save.isError ? errorText(save.error) : null);
  const savingDefault = save.isPending && save.variables === null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseCap(shown);
    if ('problem' in parsed) {
      setProblem(parsed.problem);
      field.current?.focus();
      return;
    }
    setProblem(null);
    save.mutate(parsed.cap, { onSuccess: () => setDraft(null) });
  };
  const resetToDefault = () => {
    setProblem(null);
    save.mutate(null, {
      onSuccess: () => {
        setDraft(null);
        // The button goes away with a default cap: the focus stays in the form rather than falling to the page.
        field.current?.focus();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-1.5" aria-label="Set the app’s AI cap" data-testid="app-ai-cap-form">
      <Label htmlFor="app-ai-cap">Monthly token cap</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          ref={field}
          id="app-ai-cap"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          value={shown}
          onChange={(e) => {
            setDraft(e.target.value);
            setProblem(null);
            if (save.isError) save.reset();
          }}
          aria-invalid={error !== null}
          aria-describedby={error ? 'app-ai-cap-error app-ai-cap-hint' : 'app-ai-cap-hint'}
          className="min-w-0 flex-[1_1_10rem] tabular-nums sm:max-w-60"
        />
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending && !savingDefault}>
          {save.isPending && !savingDefault ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Save
        </Button>
        {settings.capIsDefault ? null : (
          <Button type="button" variant="outline" onClick={resetToDefault} disabled={save.isPending} aria-busy={savingDefault} data-testid="app-ai-use-default">
            {savingDefault ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            Use plan default
          </Button>
        )}
      </div>
      {error ? (
        <p id="app-ai-cap-error" role="alert" className="text-sm text-destructive" data-testid="app-ai-cap-error">
          {error}
        </p>
      ) : null}
      <p id="app-ai-cap-hint" className="text-xs text-muted-foreground">
        Tokens in and out, preview and published app together; your plan allows up to {tokenCount(settings.maxMonthlyTokenCap)} a month.
        {settings.capIsDefault ? ' This is the plan’s default cap.' : null}
      </p>
    </form>
  );
}
