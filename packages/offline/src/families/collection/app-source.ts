// The App.tsx of a composed list, log or board: it imports only the parts the composition has, so
// the code a person reads is the app they asked for, not every option switched off.

import type { Composition } from './compose';

export function appSource(c: Composition): string {
  const filters = c.search || c.tags || !!c.filterBy;
  const imports = [
    ...(filters ? ["import { useState } from 'react';"] : []),
    "import { ErrorNote, Loading } from '@/components/DataState';",
    "import { Shell } from '@/components/Shell';",
    ...(c.board ? ["import { Board } from '@/collection/Board';"] : []),
    ...(c.chart ? ["import { Chart } from '@/collection/Chart';"] : []),
    ...(filters ? ["import { Filters } from '@/collection/Filters';", "import { applyFilters, tagsInUse } from '@/collection/filter';"] : []),
    "import type { Entry, Field } from '@/collection/model';",
    "import { RecordForm } from '@/collection/RecordForm';",
    "import { RecordList } from '@/collection/RecordList';",
    `import { collection, entity, fields${c.board || c.chart || c.filterBy ? ', parts' : ''} } from '@/config';`,
    "import { db, useCollection } from '@/lib/sprout';",
  ];
  const field = (expr: string) => `fields.find((f) => f.name === ${expr}) as Field`;
  const consts = [
    '// Each visitor’s own records, kept by the app’s backend (no rules file: only they see theirs).',
    'const records = db.collection<Entry>(collection);',
    ...(c.board ? [`const boardBy = ${field('parts.board')};`] : []),
    ...(c.chart ? [`const chartOf = ${field('parts.chart.field')};`, `const chartDate = fields.find((f) => f.name === parts.chart.date);`] : []),
    ...(c.filterBy ? [`const filterBy = ${field('parts.filterBy')};`] : []),
  ];
  const state = filters
    ? [
        "  const [query, setQuery] = useState('');",
        '  const [tag, setTag] = useState<string | null>(null);',
        "  const [value, setValue] = useState('');",
        `  const shown = applyFilters(data, fields, ${c.filterBy ? 'filterBy' : 'undefined'}, { query, tag, value });`,
      ]
    : ['  const shown = data;'];
  const save = 'onSave={(entry) => records.add(entry)}';
  const list = c.board
    ? `<Board fields={fields} by={boardBy} records={shown} onMove={(id, to) => records.update(id, { [boardBy.name]: to })} />
          <details className="rounded-xl border p-4">
            <summary className="cursor-pointer text-sm font-medium">All {entity.plural} as a list</summary>
            <div className="mt-3">
              <RecordList fields={fields} tags={${c.tags}} records={shown} onUpdate={(id, e) => records.update(id, e)} onDelete={(id) => records.remove(id)} />
            </div>
          </details>`
    : `<RecordList fields={fields} tags={${c.tags}} records={shown} onUpdate={(id, e) => records.update(id, e)} onDelete={(id) => records.remove(id)}${c.tags ? ' onTag={setTag}' : ''} />`;
  return `${imports.join('\n')}

${consts.join('\n')}

export default function App() {
  const { data, loading, error } = useCollection<Entry>(collection, { orderBy: 'createdAt', desc: true, limit: 200 });
${state.join('\n')}
  return (
    <Shell>
      <div className="grid items-start gap-8 lg:grid-cols-[22rem_1fr]">
        <section aria-labelledby="add-title" className="grid gap-4 rounded-xl border bg-card p-4 sm:p-5 lg:sticky lg:top-6">
          <h2 id="add-title" className="text-lg font-semibold">
            New {entity.singular}
          </h2>
          <RecordForm fields={fields} tags={${c.tags}} submitLabel={\`Add \${entity.singular}\`} ${save} />
        </section>
        <div className="grid min-w-0 gap-5">
${c.chart ? '          <Chart records={data} field={chartOf} dateField={chartDate} />\n' : ''}${
  filters
    ? `          <Filters search={${c.search}} query={query} onQuery={setQuery} tags={${c.tags ? 'tagsInUse(data)' : '[]'}} tag={tag} onTag={setTag}${c.filterBy ? ' by={filterBy}' : ''} value={value} onValue={setValue} />\n`
    : ''
}          {error ? <ErrorNote error={error} /> : null}
          {loading ? (
            <Loading label={\`Loading your \${entity.plural}…\`} />
          ) : data.length === 0 ? (
            <p className="rounded-xl border border-dashed p-8 text-center text-sm text-muted-foreground" data-testid="empty">
              No {entity.plural} yet. Add your first {entity.singular} with the form.
            </p>
          ) : (
            <>
              <p className="text-sm text-muted-foreground" aria-live="polite">
                Showing {shown.length} of {data.length} {entity.plural}
              </p>
              ${list}
              {shown.length === 0 ? <p className="text-sm text-muted-foreground">No {entity.plural} match.</p> : null}
            </>
          )}
        </div>
      </div>
    </Shell>
  );
}
`;
}
