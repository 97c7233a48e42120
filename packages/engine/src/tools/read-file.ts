import { z } from 'zod';
import { defineTool, isUnder, lineCount, outsideProject, plural, projectPath } from './tool-kit';

/** At most this much of a file is returned at once; the rest is read on from a later line. */
export const READ_MAX_LINES = 400;
const READ_MAX_CHARS = 24_000;

/** Up to five files whose name or folder is like the one asked for. */
function likely(paths: Iterable<string>, path: string): string[] {
  const name = path.split('/').pop()!.toLowerCase();
  const folder = path.slice(0, path.lastIndexOf('/'));
  const all = [...paths];
  const same = all.filter((p) => p.split('/').pop()!.toLowerCase() === name);
  const near = folder ? all.filter((p) => isUnder(p, folder) && !same.includes(p)) : [];
  return [...same, ...near].slice(0, 5);
}

export const readFile = defineTool({
  description:
    'Read a file of the project as your answer has changed it so far. Paths are relative to the project root (client/src/App.tsx). Long files come in parts: pass startLine to read on.',
  inputSchema: z.object({
    path: z.string().min(1).max(300).describe('The file, e.g. client/src/App.tsx'),
    startLine: z.number().int().min(1).optional().describe('The first line to return (1 by default)'),
  }),
  calling: ({ path }) => `Reading ${path}`,
  run({ path: raw, startLine = 1 }, { work }) {
    const path = projectPath(raw);
    if (path === null) return { text: outsideProject(raw), summary: `Refused to read ${raw.slice(0, 80)}: outside the project` };
    const content = work.files.get(path);
    if (content === undefined) {
      const maybe = likely(work.files.keys(), path);
      const hint = maybe.length ? ` Files with a similar name or place: ${maybe.join(', ')}.` : ' list_files shows what there is.';
      return { text: `There is no file ${path} in the project.${hint}`, summary: `No file ${path}` };
    }
    const lines = content.split('\n');
    if (content.endsWith('\n')) lines.pop();
    const total = lineCount(content);
    if (startLine > Math.max(total, 1))
      return { text: `${path} has ${plural(total, 'line')}: there is no line ${startLine}.`, summary: `Read ${path} (${plural(total, 'line')})` };
    let end = Math.min(total, startLine - 1 + READ_MAX_LINES);
    let body = lines.slice(startLine - 1, end).join('\n');
    if (body.length > READ_MAX_CHARS) {
      // Whole lines only: the model copies them into SEARCH blocks.
      const kept = body.slice(0, READ_MAX_CHARS).split('\n');
      if (kept.length > 1) kept.pop();
      body = kept.join('\n').slice(0, READ_MAX_CHARS);
      end = startLine - 1 + kept.length;
    }
    const whole = startLine === 1 && end === total;
    const range = whole ? plural(total, 'line') : `lines ${startLine}–${end} of ${total}`;
    const more = end < total ? `\n… (lines ${end + 1}–${total} not shown: read again with startLine ${end + 1})` : '';
    return { text: `${path} (${range}):\n${body}${more}`, summary: `Read ${path} (${range})` };
  },
});
