import { z } from 'zod';
import { defineTool, isUnder, lineCount, outsideProject, plural, projectPath } from './tool-kit';

export const LIST_MAX_FILES = 300;

export const listFiles = defineTool({
  description: 'List the project’s files (as your answer has changed them so far) with their line counts, all of them or those under a folder.',
  inputSchema: z.object({ folder: z.string().max(300).optional().describe('e.g. client/src/components; the whole project when left out') }),
  calling: ({ folder }) => (folder ? `Listing files under ${folder}` : 'Listing the project’s files'),
  run({ folder }, { work }) {
    const under = folder === undefined ? '' : projectPath(folder);
    if (under === null) return { text: outsideProject(folder!), summary: `Refused to list ${folder!.slice(0, 80)}: outside the project` };
    const paths = [...work.files.keys()].filter((p) => isUnder(p, under)).sort();
    const where = under ? ` under ${under}` : '';
    if (!paths.length) return { text: `No files${where}.`, summary: `Listed no files${where}` };
    const shown = paths.slice(0, LIST_MAX_FILES).map((p) => `${p} (${plural(lineCount(work.files.get(p)!), 'line')})`);
    const more = paths.length > LIST_MAX_FILES ? [`… and ${paths.length - LIST_MAX_FILES} more: list a folder.`] : [];
    return { text: [...shown, ...more].join('\n'), summary: `Listed ${plural(paths.length, 'file')}${where}` };
  },
});
