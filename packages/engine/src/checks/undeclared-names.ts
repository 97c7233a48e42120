import { issue, type CheckIssue } from './issues';
import type { TypeCheckResult } from './typecheck';

/** A JSX element naming nothing its file declares or imports, as the missing-imports fixer saw it. */
export interface UndeclaredName {
  file: string;
  name: string;
  line: number;
  column: number;
}

// The compiler checks these files' names (plain .js/.jsx are in the program unchecked).
const CHECKED = /^client\/src\/.*\.(?:ts|tsx|mts|cts)$/;

/**
 * The undeclared names worth a fix round. A fixer knows the file; the compiler also knows the DOM,
 * the libraries' types and every global. When the compiler checked a file and found the name, the
 * fixer was wrong and stays silent; when it could not check (skipped, or a file it does not check),
 * the fixer's word stands.
 */
export function confirmedUndeclared(names: readonly UndeclaredName[], typeCheck: TypeCheckResult): CheckIssue[] {
  const checked = typeCheck.status !== 'skipped';
  const missing = new Set(typeCheck.missingNames.map((m) => `${m.file}\0${m.name}`));
  return names
    .filter((u) => !checked || !CHECKED.test(u.file) || missing.has(`${u.file}\0${u.name}`))
    .map((u) => issue('imports', u.file, `<${u.name}> is used but never imported or declared.`, u.line, u.column));
}
