// Data → TypeScript source, for the generated files that hold an app's content (config.ts, seed
// data). Strings go through JSON escaping, so nothing a person types can break out of a literal.

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

export function stringLiteral(s: string): string {
  const json = JSON.stringify(s).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'");
  return `'${json}'`;
}

/** Pretty TypeScript for plain data: single quotes, unquoted keys where possible, 2-space indent. */
export function literal(value: unknown, indent = '', width = 100): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return stringLiteral(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((v) => literal(v, inner, 160));
    const oneLine = `[${items.join(', ')}]`;
    // Lists of objects (fields, seed rows) always get one item per line: easy to read and to edit.
    const objects = value.some((v) => typeof v === 'object' && v !== null);
    if (!objects && oneLine.length <= 100 && !oneLine.includes('\n')) return oneLine;
    return `[\n${items.map((i) => `${inner}${i},`).join('\n')}\n${indent}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return '{}';
    const parts = entries.map(([k, v]) => `${IDENTIFIER.test(k) ? k : stringLiteral(k)}: ${literal(v, inner)}`);
    const oneLine = `{ ${parts.join(', ')} }`;
    if (oneLine.length <= width && !oneLine.includes('\n')) return oneLine;
    return `{\n${parts.map((p) => `${inner}${p},`).join('\n')}\n${indent}}`;
  }
  throw new Error(`cannot write ${typeof value} as a literal`);
}

/** `export const name: Type = value;` */
export function exportConst(name: string, value: unknown, type?: string): string {
  return `export const ${name}${type ? `: ${type}` : ''} = ${literal(value)};\n`;
}
