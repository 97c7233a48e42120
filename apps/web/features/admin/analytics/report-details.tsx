'use client';
import type { AnalyticsReportAnswer } from '@sprout/core/contract';
import { HBars } from './charts';
import { compact, percent } from './range';

const OUTCOMES = [
  ['prompted', 'Sent a prompt'],
  ['paywalled', 'Saw a paywall'],
  ['upgraded', 'Upgraded'],
  ['published', 'Published'],
] as const;

/** The experiment's variants side by side, fix rounds, and tokens by model. */
export function ReportDetails({ report }: { report: AnalyticsReportAnswer }) {
  const variants = report.experiment.variants;
  const runs = report.fixRounds.reduce((n, r) => n + r.runs, 0);
  return (
    <>
      <section className="grid gap-3 rounded-xl border bg-card p-5 shadow-sm sm:p-6" aria-labelledby="report-experiment">
        <div>
          <h2 id="report-experiment" className="font-semibold">
            Experiment <code className="font-mono text-sm">{report.experiment.id}</code>
          </h2>
          <p className="text-sm text-muted-foreground">People who saw each variant (their first view decides), and what they did afterwards.</p>
        </div>
        {variants.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nobody saw the experiment in this range.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[28rem] text-sm" data-testid="experiment-table">
              <thead>
                <tr className="border-b text-left text-muted-foreground">
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Variant
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    People
                  </th>
                  {OUTCOMES.map(([, label]) => (
                    <th key={label} scope="col" className="px-3 py-2 text-right font-medium">
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {variants.map((v) => (
                  <tr key={v.variant} className="border-b last:border-0" data-testid="experiment-variant" data-variant={v.variant} data-people={v.people}>
                    <th scope="row" className="py-2 pr-3 text-left font-mono font-medium">
                      {v.variant}
                    </th>
                    <td className="px-3 py-2 text-right tabular-nums">{v.people}</td>
                    {OUTCOMES.map(([key]) => (
                      <td key={key} className="px-3 py-2 text-right tabular-nums" data-testid={`variant-${key}`} data-value={v[key]}>
                        {v[key]} <span className="text-muted-foreground">({percent(v[key], v.people)})</span>
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <section className="grid content-start gap-3 rounded-xl border bg-card p-5 shadow-sm sm:p-6" aria-labelledby="report-fixes">
          <h2 id="report-fixes" className="font-semibold">
            Automatic fix rounds per reply
          </h2>
          <HBars
            testId="fix-rounds"
            rows={report.fixRounds.map((r) => ({ label: r.rounds === 1 ? '1 round' : `${r.rounds} rounds`, value: r.runs, note: percent(r.runs, runs) }))}
            empty="No replies in this range."
          />
        </section>
        <section className="grid content-start gap-3 rounded-xl border bg-card p-5 shadow-sm sm:p-6" aria-labelledby="report-tokens">
          <h2 id="report-tokens" className="font-semibold">
            Tokens by model
          </h2>
          <HBars
            testId="tokens-by-model"
            format={compact}
            rows={report.tokens.map((t) => ({ label: t.model, value: t.tokensIn + t.tokensOut, note: `${t.runs} repl${t.runs === 1 ? 'y' : 'ies'}` }))}
            empty="No replies in this range."
          />
          {report.tokens.length > 0 ? (
            <div className="overflow-x-auto">
              <table className="w-full min-w-[22rem] text-sm" data-testid="tokens-table">
                <thead>
                  <tr className="border-b text-left text-muted-foreground">
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Model
                    </th>
                    <th scope="col" className="px-2 py-2 text-right font-medium">
                      In, cached
                    </th>
                    <th scope="col" className="px-2 py-2 text-right font-medium">
                      In, uncached
                    </th>
                    <th scope="col" className="py-2 pl-2 text-right font-medium">
                      Out
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {report.tokens.map((t) => (
                    <tr key={t.model} className="border-b last:border-0" data-testid="tokens-row" data-model={t.model}>
                      <th scope="row" className="max-w-40 truncate py-2 pr-3 text-left font-medium">
                        {t.model}
                      </th>
                      <td className="px-2 py-2 text-right tabular-nums" data-testid="tokens-cached" data-value={t.cachedIn ?? ''}>
                        {t.cachedIn === null ? '–' : `${compact(t.cachedIn)} (${percent(t.cachedIn, t.tokensIn)})`}
                      </td>
                      <td className="px-2 py-2 text-right tabular-nums">{t.uncachedIn === null ? compact(t.tokensIn) : compact(t.uncachedIn)}</td>
                      <td className="py-2 pl-2 text-right tabular-nums">{compact(t.tokensOut)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </section>
      </div>
    </>
  );
}
