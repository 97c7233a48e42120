import type { MemberExpression, Node } from '@babel/types';
import { parseModule } from '../syntax/parse-module';
import { walk } from '../syntax/walk';
import { CLIENT_PATH } from './data-checks';
import { issue, type CheckIssue } from './issues';

// What Vite and bundlers put in the environment themselves: reading these in the browser is fine.
const BUILT_IN = new Set(['MODE', 'DEV', 'PROD', 'SSR', 'BASE_URL', 'NODE_ENV']);

/** `import.meta.env` or `process.env`, the two ways a page's code reaches for an environment. */
function envObject(node: Node): string | null {
  if (node.type !== 'MemberExpression' || node.computed || node.property.type !== 'Identifier' || node.property.name !== 'env') return null;
  const o = node.object;
  if (o.type === 'MetaProperty' && o.meta.name === 'import' && o.property.name === 'meta') return 'import.meta.env';
  if (o.type === 'Identifier' && o.name === 'process') return 'process.env';
  return null;
}

function readName(node: MemberExpression): string | null {
  if (!node.computed && node.property.type === 'Identifier') return node.property.name;
  if (node.computed && node.property.type === 'StringLiteral') return node.property.value;
  return null;
}

/**
 * A page's file (under client/) that reads a name from the environment: everything there runs in
 * every visitor's browser, so no secret can be read there (and none is: the read gives undefined).
 * The call that needs the key belongs in a server function, which reads it as ctx.env.NAME.
 */
export function clientSecretIssues(files: ReadonlyMap<string, string>, changed: readonly string[]): CheckIssue[] {
  const out: CheckIssue[] = [];
  for (const path of changed) {
    const content = files.get(path);
    if (content === undefined || !path.startsWith('client/') || path === CLIENT_PATH || !/\benv\b/.test(content)) continue;
    const tree = parseModule(path, content);
    if (!tree) continue;
    const seen = new Set<string>();
    walk(tree.program, (node) => {
      if (node.type !== 'MemberExpression') return;
      const from = envObject(node.object);
      const name = from ? readName(node) : null;
      if (!from || !name || BUILT_IN.has(name) || seen.has(name)) return;
      seen.add(name);
      out.push(
        issue(
          'data',
          path,
          `${path} reads ${from}.${name}, but this file runs in every visitor's browser: a secret cannot be read there (it is undefined, and anything put there is public). ` +
            `Move the call that needs it into a server function (functions/<name>.ts reads ctx.env.${name}) and call that from the page with functions.call('<name>', body).`,
          node.loc?.start.line,
        ),
      );
    });
  }
  return out;
}
