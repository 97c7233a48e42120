// The App.tsx of a composed list, log or board: it imports only the parts the composition has, so
// the code a person reads is the app they asked for, not every option switched off.

import type { Composition } from './compose';
import { ADDED_BY } from './sharing';

// Where the records live, said once above the collection (what the rules file does, in the code).
const WHERE: Record<Composition['sharing'], string> = {
  personal: '// Each visitor’s own records, kept by the app’s backend (no rules file: only they see theirs).',
  team: '// The team’s records, kept by the app’s backend: everyone signed in sees them (sprout.data.json).',
  public: '// Records every visitor sees and adds to, kept by the app’s backend (sprout.data.json).',
  inbox: '// Answers anyone sends; only the owner reads them (sprout.data.json).',
};

export function appSource(c: Composition): string {
  const filters = c.search || c.tags || !!c.filterBy;
  const imports = [
    ...(filters ? ["import { useState } from 'react';"] : []),
    ...(c.sharing === 'team' ? ["import { AccountMenu, AuthGate } from '@/components/AuthGate';"] : []),
    "import { ErrorNote, Loading } from '@/components/DataState';",
    "import { Shell } from '@/components/Shell';",
    ...(c.board ? ["import { Board } from '@/collection/Board';"] : []),
    ...(c.chart ? ["import { Chart } from '@/collection/Chart';"] : []),
    ...(filters ? ["import { Filters } from '@/collection/Filters';", "import { applyFilters, tagsInUse } from '@/collection/filter';"] : []),
    "import type { Entry, Field } from '@/collection/model';",
    "import { RecordForm } from '@/collection/RecordForm';",
    "import { RecordList } from '@/collection/RecordList';",
    `import { collection, entity, fields${c.board || c.chart || c.filterBy ? ', parts' : ''} } from '@/config';`,
    c.sharing === 'team' ? "import { db, useCollection, useUser } from '@/lib/sprout';" : "import { db, useCollection } from '@/lib/sprout';",
  ];
  const field = (expr: string) => `fields.find((f) => f.name === ${expr}) as Field`;
  const consts = [
    WHERE[c.sharing],
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
  // A team's records say who added them; only their author edits or deletes them (the rules say so too).
  const team = c.sharing === 'team';
  const save = team ? `onSave={(entry) => records.add({ ...entry, ${ADDED_BY}: user?.email ?? '' })}` : 'onSave={(entry) => records.add(entry)}';
  const owned = team
    ? ` mine={(r) => r.createdBy === \`user:\${user?.id}\`} byline={(r) => (typeof r.${ADDED_BY} === 'string' && r.${ADDED_BY} ? \`Added by \${r.${ADDED_BY}}\` : null)}`
    : c.sharing === 'public'
      ? ' mine={() => false}'
      : '';
  const list = c.board
    ? `<Board fields={fields} by={boardBy} records={shown} onMove={(id, to) => records.update(id, { [boardBy.name]: to })} />
          <details className="rounded-xl border p-4">
            <summary className="cursor-pointer text-sm font-medium">All {entity.plural} as a list</summary>
            <div className="mt-3">
              <RecordList fields={fields} tags={${c.tags}} records={shown} onUpdate={(id, e) => records.update(id, e)} onDelete={(id) => records.remove(id)}${owned} />
            </div>
          </details>`
    : `<RecordList fields={fields} tags={${c.tags}} records={shown} onUpdate={(id, e) => records.update(id, e)} onDelete={(id) => records.remove(id)}${c.tags ? ' onTag={setTag}' : ''}${owned} />`;
  return `${imports.join('\n')}

${consts.join('\n')}

${
  team
    ? `/** The records are the team's: the app opens after sign-up or sign-in (the app's own accounts). */
export default function App() {
  return (
    <AuthGate>
      <Records />
    </AuthGate>
  );
}

function Records() {
  const { user } = useUser();`
    : 'export default function App() {'
}
  const { data, loading, error } = useCollection<Entry>(collection, { orderBy: 'createdAt', desc: true, limit: 200 });
${state.join('\n')}
  return (
    <Shell>
${
  team
    ? `      <div className="flex justify-end">
        <AccountMenu />
      </div>
`
    : ''
}      <div className="grid items-start gap-8 lg:grid-cols-[22rem_1fr]">
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
