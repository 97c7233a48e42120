import type { SiteAnalytics } from '@sprout/core/contract';
import { useId, type ReactNode } from 'react';
import { deviceRows } from './devices';
import { figure } from './figures';

// The report's four lists (the top 10 of each, most first, as the report gives them), each a small
// table with a heading, or a sentence when it has nothing to list.

interface Row {
  key: string;
  name: ReactNode;
  /** The name in full, for the hover of a name cut to fit. */
  title?: string;
  values: ReactNode[];
}

function RankedTable({ title, testId, empty, columns, rows }: { title: string; testId: string; empty: string; columns: string[]; rows: Row[] }) {
  const id = useId();
  const [first, ...rest] = columns;
  return (
    <section aria-labelledby={id} className="grid min-w-0 content-start gap-2 rounded-xl border p-3 sm:p-4" data-testid={testId}>
      <h3 id={id} className="text-sm font-semibold">
        {title}
      </h3>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid={`${testId}-empty`}>
          {empty}
        </p>
      ) : (
        <table className="w-full table-fixed text-sm">
          <thead className="text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="pb-1 text-left font-medium">
                {first}
              </th>
              {rest.map((c) => (
                <th key={c} scope="col" className="w-20 pb-1 text-right font-medium">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.key} className="border-t" data-testid={`${testId}-row`}>
                <th scope="row" className="truncate py-1.5 pr-2 text-left font-normal" title={r.title}>
                  {r.name}
                </th>
                {r.values.map((v, i) => (
                  <td key={rest[i]} className="py-1.5 text-right tabular-nums">
                    {v}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function ReportLists({ report }: { report: SiteAnalytics }) {
  return (
    // Side by side where the panel is wide, one under another on a phone or beside a wide chat.
    <div className="grid gap-3 @2xl:grid-cols-2">
      <RankedTable
        title="Top pages"
        testId="analytics-pages"
        empty="No page views in this range."
        columns={['Page', 'Views', 'Visitors']}
        rows={report.pages.map((p) => ({
          key: p.path,
          name: <span className="font-mono text-xs">{p.path}</span>,
          title: p.path,
          values: [figure(p.views), figure(p.visitors)],
        }))}
      />
      <RankedTable
        title="Referrers"
        testId="analytics-referrers"
        empty="No visitors in this range."
        columns={['Source', 'Visitors']}
        rows={report.referrers.map((r) => ({ key: r.source, name: r.source, title: r.source, values: [figure(r.visitors)] }))}
      />
      <RankedTable
        title="Devices"
        testId="analytics-devices"
        empty="No visitors in this range."
        columns={['Device', 'Visitors', 'Share']}
        rows={deviceRows(report.devices).map((d) => ({ key: d.device, name: d.label, values: [figure(d.visitors), d.share] }))}
      />
      <RankedTable
        title="Events"
        testId="analytics-events"
        empty="No events yet. Ask Sprout to count something your visitors do, such as a sign-up or a purchase, and it shows up here."
        columns={['Event', 'Count']}
        rows={report.events.map((e) => ({ key: e.name, name: e.name, title: e.name, values: [figure(e.count)] }))}
      />
    </div>
  );
}
