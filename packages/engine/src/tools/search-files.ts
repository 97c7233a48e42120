import { z } from 'zod';
import { safeRegex } from './safe-regex';
import { defineTool, isUnder, outsideProject, plural, projectPath } from './tool-kit';

export const SEARCH_MAX_MATCHES = 60;
/** Only so much of a line is searched (and shown): minified or data-URL lines stay cheap. */
const LINE_CHARS = 1_000;
const SHOWN_CHARS = 200;
/** A search that takes longer stops and says so. */
const SEARCH_BUDGET_MS = 250;

export const searchFiles = defineTool({
  description:
    'Search the project’s files (as your answer has changed them so far) for a plain string, or a regular expression with regex: true. Returns matching lines as path:line: text.',
  inputSchema: z.object({
    query: z.string().min(1).max(200).describe('The text (or pattern) to find'),
    regex: z.boolean().optional().describe('Treat query as a JavaScript regular expression'),
    ignoreCase: z.boolean().optional(),
    folder: z.string().max(300).optional().describe('Only files under this folder, e.g. client/src/components'),
  }),
  calling: ({ query, folder }) => `Searching for ${JSON.stringify(query.slice(0, 60))}${folder ? ` in ${folder}` : ''}`,
  run({ query, regex = false, ignoreCase = false, folder }, { work }) {
    const under = folder === undefined ? '' : projectPath(folder);
    if (under === null) return { text: outsideProject(folder!), summary: `Refused to search ${folder!.slice(0, 80)}: outside the project` };
    const re = regex ? safeRegex(query, ignoreCase) : null;
    if (typeof re === 'string')
      return { text: `Refused the pattern: ${re} Search for a plain string instead.`, summary: `Refused the pattern ${JSON.stringify(query.slice(0, 60))}` };
    const needle = ignoreCase ? query.toLowerCase() : query;
    const matches = (line: string) => (re ? re.test(line) : (ignoreCase ? line.toLowerCase() : line).includes(needle));
    const found: string[] = [];
    const files = new Set<string>();
    let more = 0;
    let stopped = false;
    const started = performance.now();
    for (const [path, content] of [...work.files].sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (!isUnder(path, under)) continue;
      if (performance.now() - started > SEARCH_BUDGET_MS) {
        stopped = true;
        break;
      }
      content.split('\n').forEach((line, i) => {
        if (!matches(line.slice(0, LINE_CHARS))) return;
        files.add(path);
        if (found.length >= SEARCH_MAX_MATCHES) more++;
        else found.push(`${path}:${i + 1}: ${line.trim().slice(0, SHOWN_CHARS)}`);
      });
    }
    const where = under ? ` under ${under}` : '';
    const n = found.length + more;
    const notes = [
      more ? `… and ${plural(more, 'more match', 'more matches')}: search for something narrower.` : '',
      stopped ? 'The search took too long and stopped early.' : '',
    ];
    const text = n
      ? [...found, ...notes.filter(Boolean)].join('\n')
      : `No matches for ${JSON.stringify(query)}${where}.${stopped ? ' (The search stopped early.)' : ''}`;
    return {
      text,
      summary: `Searched for ${JSON.stringify(query.slice(0, 60))}: ${n ? `${plural(n, 'match', 'matches')} in ${plural(files.size, 'file')}` : 'no matches'}`,
    };
  },
});
