// A line diff (Myers' O((N+M)·D) algorithm) and unified-diff output, for the history panel.

export type DiffOp = { type: 'equal' | 'insert' | 'delete'; line: string };

/** Above this many differences the diff gives up on minimality and reports a whole replacement. */
const MAX_EDIT_DISTANCE = 2000;

function myers(a: string[], b: string[]): DiffOp[] | null {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_EDIT_DISTANCE);
  const offset = max + 1;
  let v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    // Only diagonals -d..d can be read back at step d: keeping just those bounds memory to O(D²).
    trace.push(v.slice(offset - d, offset + d + 1));
    const next = v.slice();
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      next[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, a, b, d);
    }
    v = next;
  }
  return null;
}

function backtrack(trace: Int32Array[], a: string[], b: string[], dEnd: number): DiffOp[] {
  const ops: DiffOp[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = dEnd; d > 0; d--) {
    const v = trace[d]!;
    const at = (k: number) => v[k + d]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) ops.push({ type: 'equal', line: a[--x]! }), y--;
    if (x === prevX) ops.push({ type: 'insert', line: b[--y]! });
    else ops.push({ type: 'delete', line: a[--x]! });
  }
  while (x > 0 && y > 0) ops.push({ type: 'equal', line: a[--x]! }), y--;
  return ops.reverse();
}

/** The shortest sequence of kept, inserted and deleted lines turning `a` into `b`. */
export function diffLines(a: string[], b: string[]): DiffOp[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) endA--, endB--;
  const head = a.slice(0, start).map((line): DiffOp => ({ type: 'equal', line }));
  const tail = a.slice(endA).map((line): DiffOp => ({ type: 'equal', line }));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const middle = myers(midA, midB) ?? [...midA.map((line): DiffOp => ({ type: 'delete', line })), ...midB.map((line): DiffOp => ({ type: 'insert', line }))];
  return [...head, ...middle, ...tail];
}

function splitLines(text: string): { lines: string[]; noFinalNewline: boolean } {
  if (text === '') return { lines: [], noFinalNewline: false };
  const noFinalNewline = !text.endsWith('\n');
  const lines = (noFinalNewline ? text : text.slice(0, -1)).split('\n');
  return { lines, noFinalNewline };
}

export interface UnifiedDiff {
  text: string;
  additions: number;
  deletions: number;
}

/** A unified diff (`--- a/…`, `+++ b/…`, `@@ -l,s +l,s @@` hunks with `context` lines around changes). */
export function unifiedDiff(oldText: string, newText: string, o: { oldPath: string | null; newPath: string | null; context?: number }): UnifiedDiff {
  const context = o.context ?? 3;
  const a = splitLines(oldText);
  const b = splitLines(newText);
  const ops = diffLines(a.lines, b.lines);
  const additions = ops.filter((op) => op.type === 'insert').length;
  const deletions = ops.filter((op) => op.type === 'delete').length;
  const header = `--- ${o.oldPath ? `a/${o.oldPath}` : '/dev/null'}\n+++ ${o.newPath ? `b/${o.newPath}` : '/dev/null'}\n`;
  if (additions === 0 && deletions === 0 && a.noFinalNewline === b.noFinalNewline) return { text: '', additions, deletions };

  // Line numbers of each op in the old and new file.
  const rows = [];
  let oldNo = 0;
  let newNo = 0;
  for (const op of ops) {
    if (op.type !== 'insert') oldNo++;
    if (op.type !== 'delete') newNo++;
    rows.push({ ...op, oldNo, newNo });
  }
  const changedIdx = rows.map((r, i) => (r.type === 'equal' ? -1 : i)).filter((i) => i >= 0);
  if (changedIdx.length === 0) changedIdx.push(rows.length - 1);
  const hunks: [number, number][] = [];
  for (const i of changedIdx) {
    const from = Math.max(0, i - context);
    const to = Math.min(rows.length - 1, i + context);
    const last = hunks[hunks.length - 1];
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else hunks.push([from, to]);
  }
  let text = header;
  for (const [from, to] of hunks) {
    const slice = rows.slice(from, to + 1);
    const oldLines = slice.filter((r) => r.type !== 'insert').length;
    const newLines = slice.filter((r) => r.type !== 'delete').length;
    const first = slice[0]!;
    // oldNo/newNo count the lines consumed so far; an empty side names the line it follows.
    const oldStart = first.type === 'insert' && oldLines > 0 ? first.oldNo + 1 : first.oldNo;
    const newStart = first.type === 'delete' && newLines > 0 ? first.newNo + 1 : first.newNo;
    // As GNU diff and git print it: a count of 1 is left out.
    const range = (start: number, count: number) => (count === 1 ? `${start}` : `${start},${count}`);
    text += `@@ -${range(oldStart, oldLines)} +${range(newStart, newLines)} @@\n`;
    for (const r of slice) {
      text += `${r.type === 'equal' ? ' ' : r.type === 'insert' ? '+' : '-'}${r.line}\n`;
      const isLastOld = r.type !== 'insert' && r.oldNo === a.lines.length && a.noFinalNewline;
      const isLastNew = r.type !== 'delete' && r.newNo === b.lines.length && b.noFinalNewline;
      if ((r.type === 'delete' && isLastOld) || (r.type === 'insert' && isLastNew) || (r.type === 'equal' && (isLastOld || isLastNew))) {
        text += '\\ No newline at end of file\n';
      }
    }
  }
  return { text, additions, deletions };
}
