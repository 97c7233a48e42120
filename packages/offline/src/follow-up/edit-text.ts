// Turning "this file, changed like so" into the smallest protocol change: one SEARCH/REPLACE block
// around the changed lines (with a line of context), or a whole-file write when the search text
// would not be unique.

import type { EditAction } from '@sprout/engine/protocol';

export function diffChange(path: string, before: string, after: string): EditAction | null {
  if (before === after) return null;
  const a = before.split('\n');
  const b = after.split('\n');
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (suffix < a.length - prefix && suffix < b.length - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
  const lead = prefix > 0 ? 1 : 0;
  const tail = suffix > 0 ? 1 : 0;
  const search = a.slice(prefix - lead, a.length - suffix + tail).join('\n');
  const replace = b.slice(prefix - lead, b.length - suffix + tail).join('\n');
  if (!search.trim() || before.indexOf(search) !== before.lastIndexOf(search)) return { type: 'write', path, content: after };
  return { type: 'edit', path, blocks: [{ search, replace }] };
}
