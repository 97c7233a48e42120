// npm run bench:context — what condensed context saves: a 60-file project and a one-line follow-up
// edit, context built with and without `enableCondensedContext`; tokens are the engine's own
// estimate (the figure shown per run). The edit must still apply: the file it names has to be among
// the files sent in full, and the model's SEARCH/REPLACE answer applies to it.
import { applyEdits, buildContext, parseEdits, type ContextInput } from '@sprout/engine';
import { ALLOWED_PACKAGES } from '@sprout/template';
import { generatedProject } from './generated-project';
import { isMain, type Row } from './summary';

/** generatedProject() plus feature modules until the project holds `count` files. */
export function largeProject(count = 60): Map<string, string> {
  const files = new Map(generatedProject().map((f) => [f.path, f.content]));
  for (let i = 0; files.size < count; i++) {
    files.set(
      `client/src/features/report-${i}/ReportCard${i}.tsx`,
      `import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useBoard } from '@/store/board';

/** Report ${i}: how many tasks match filter ${i}, with the newest ones listed. */
export function ReportCard${i}() {
  const tasks = useBoard((s) => s.tasks).filter((t) => t.title.length % ${i + 2} === 0);
  return (
    <Card>
      <CardHeader><CardTitle>Report ${i}</CardTitle></CardHeader>
      <CardContent className="grid gap-2 text-sm">
        <p className="text-muted-foreground">{tasks.length} tasks match this report.</p>
        <ul className="grid gap-1">{tasks.slice(0, 5).map((t) => <li key={t.id} className="truncate">{t.title}</li>)}</ul>
      </CardContent>
    </Card>
  );
}
`,
    );
  }
  return files;
}

const HEADER = 'client/src/components/layout/Header.tsx';
const REQUEST = 'In the Header, rename the title "Agency board" to "Studio roadmap".';
const ANSWER = `<sprout-edit path="${HEADER}">
<<<<<<< SEARCH
<h1 className="text-lg font-bold">Agency board</h1>
=======
<h1 className="text-lg font-bold">Studio roadmap</h1>
>>>>>>> REPLACE
</sprout-edit>`;

export interface ContextBench {
  files: number;
  kilobytes: number;
  fullTokens: number;
  condensedTokens: number;
  /** condensed / full */
  ratio: number;
  filesSentInFull: number;
  editApplies: boolean;
}

export function runContextBench(): ContextBench {
  const files = largeProject();
  const input = (condensed: boolean): ContextInput => ({
    files,
    history: [
      { role: 'user', content: 'Build me a kanban board for my agency' },
      { role: 'assistant', content: 'Here is your board.' },
    ],
    request: REQUEST,
    images: [],
    vision: false,
    partialEdits: true,
    condensed,
    recentlyChanged: [],
    packages: ALLOWED_PACKAGES,
  });
  const full = buildContext(input(false));
  const condensed = buildContext(input(true));
  const actions = parseEdits(ANSWER).flatMap((e) => (e.type === 'edit' ? [{ type: 'edit' as const, path: e.path, blocks: e.blocks }] : []));
  const applied = applyEdits(files, actions);
  const editApplies = condensed.included.includes(HEADER) && applied.problems.length === 0 && !!applied.files.get(HEADER)?.includes('Studio roadmap');
  const bytes = [...files.values()].reduce((n, c) => n + Buffer.byteLength(c), 0);
  return {
    files: files.size,
    kilobytes: Math.round(bytes / 1024),
    fullTokens: full.tokens,
    condensedTokens: condensed.tokens,
    ratio: condensed.tokens / full.tokens,
    filesSentInFull: condensed.included.length,
    editApplies,
  };
}

export function contextRows(r: ContextBench): Row[] {
  return [
    {
      measure: `context: ${r.files} files, one-line edit (tokens)`,
      ours: `${r.condensedTokens} (condensed)`,
      baseline: `${r.fullTokens} (full)`,
      ratio: `${(r.ratio * 100).toFixed(1)} %`,
      budget: '≤ 30 %',
      ok: r.ratio <= 0.3,
    },
    { measure: 'context: the edit still applies', ours: r.editApplies ? 'yes' : 'NO', baseline: '', ratio: '', budget: 'yes', ok: r.editApplies },
  ];
}

if (isMain(import.meta.url)) {
  const r = runContextBench();
  console.log(`\nContext for a one-line edit in a ${r.files}-file project (${r.kilobytes} KB)`);
  console.log(`  without condensed context: ${r.fullTokens} tokens`);
  console.log(
    `  with enableCondensedContext: ${r.condensedTokens} tokens (${(r.ratio * 100).toFixed(1)} %, budget ≤ 30 %), ${r.filesSentInFull} files in full`,
  );
  console.log(`  the edit applies: ${r.editApplies ? 'yes' : 'NO'}`);
  if (!r.editApplies) process.exitCode = 1;
}
