/** Where a build error, check issue or runtime error points: a project path and 1-based line and column. */
export interface SourceLocation {
  file: string | null;
  line: number | null;
  column: number | null;
}

/** 'client/src/App.tsx:3:14', 'client/src/App.tsx:3', 'client/src/App.tsx', or '' when nothing is known. */
export function formatLocation(where: SourceLocation | null | undefined): string {
  if (!where?.file) return '';
  if (!where.line) return where.file;
  return where.column ? `${where.file}:${where.line}:${where.column}` : `${where.file}:${where.line}`;
}

/** 'file:line:column: message', as compilers print it (the message alone when nothing is known). */
export function formatLocated(m: SourceLocation & { message: string }): string {
  const where = formatLocation(m);
  return where ? `${where}: ${m.message}` : m.message;
}
