import type { Program } from 'acorn';
import { declaredNames, walk, type AnyNode } from './ast';

// React's own hooks: they are part of a component's signature by name; any other use* call is a
// custom hook whose own signature counts too (React Refresh follows it through getCustomHooks).
const BUILTIN_HOOKS = new Set([
  'use',
  'useState',
  'useReducer',
  'useEffect',
  'useLayoutEffect',
  'useInsertionEffect',
  'useMemo',
  'useCallback',
  'useRef',
  'useContext',
  'useImperativeHandle',
  'useDebugValue',
  'useId',
  'useDeferredValue',
  'useTransition',
  'useSyncExternalStore',
  'useActionState',
  'useOptimistic',
  'useFormStatus',
  'useFormState',
]);
// Hooks whose arguments are state: editing them (a new initial value) must reset the component.
const STATE_HOOKS = new Set(['useState', 'useReducer']);

const isComponentName = (name: string) => /^[A-Z]/.test(name);
const isHookName = (name: string) => name === 'use' || /^use[A-Z0-9]/.test(name);
const isFunction = (n: AnyNode | null | undefined): boolean => !!n && (n.type === 'ArrowFunctionExpression' || n.type === 'FunctionExpression');

/**
 * The Fast Refresh registrations of a module, as code to append: every top-level component (a
 * capitalised function, or a capitalised binding of a function or of a call wrapping one, like
 * `memo(…)` and `forwardRef(…)`) is registered under `{path} {name}`, so a new version of it is
 * recognised as the same component, with a signature of the hooks it calls, so a component whose
 * hooks changed is remounted instead of being given state that no longer fits.
 */
export function refreshRegistrations(program: Program, code: string, id: string): string {
  const topLevel = new Set<string>();
  const components: { name: string; fn: AnyNode | null }[] = [];
  for (const statement of program.body as AnyNode[]) {
    if (statement.type === 'ImportDeclaration') {
      for (const s of statement.specifiers as AnyNode[]) topLevel.add((s.local as AnyNode).name as string);
      continue;
    }
    const declaration = (
      statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration' ? statement.declaration : statement
    ) as AnyNode | null;
    if (!declaration) continue;
    for (const name of declaredNames(declaration)) topLevel.add(name);
    if (declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration') {
      const name = (declaration.id as AnyNode | null)?.name as string | undefined;
      if (name && isComponentName(name)) components.push({ name, fn: declaration.type === 'FunctionDeclaration' ? declaration : null });
    } else if (declaration.type === 'VariableDeclaration') {
      for (const d of declaration.declarations as AnyNode[]) {
        const target = d.id as AnyNode;
        if (target.type !== 'Identifier' || !isComponentName(target.name as string)) continue;
        const init = d.init as AnyNode | null;
        const fn = isFunction(init) ? (init as AnyNode) : innerFunction(init);
        if (fn !== undefined) components.push({ name: target.name as string, fn });
      }
    }
  }
  if (components.length === 0) return '';
  const lines = components.map(({ name, fn }) => {
    const register = `__sprout_h.reg(${name}, ${JSON.stringify(`${id} ${name}`)});`;
    if (!fn) return register;
    const { key, custom, forceReset } = signatureOf(fn, code, topLevel);
    const hooks = custom.length ? `, () => [${custom.join(', ')}]` : '';
    return `${register} __sprout_h.sig(${name}, ${JSON.stringify(key)}, ${forceReset}${hooks});`;
  });
  return `const __sprout_h = globalThis.__sproutHmr;\nif (__sprout_h) {\n  ${lines.join('\n  ')}\n}`;
}

/**
 * The component function inside a wrapping call (`memo(() => …)`, `forwardRef(function …)`,
 * `memo(forwardRef(…))`); null when it wraps another component by name (`memo(Card)`); undefined
 * when the call wraps no component at all (`createContext(null)`).
 */
function innerFunction(init: AnyNode | null): AnyNode | null | undefined {
  if (!init || init.type !== 'CallExpression') return undefined;
  const first = (init.arguments as AnyNode[])[0];
  if (!first) return undefined;
  if (isFunction(first)) return first;
  if (first.type === 'CallExpression') return innerFunction(first);
  if (first.type === 'Identifier' && isComponentName(first.name as string)) return null;
  return undefined;
}

/** The hooks a component calls directly (not in nested functions), as React Refresh compares them. */
function signatureOf(fn: AnyNode, code: string, topLevel: Set<string>): { key: string; custom: string[]; forceReset: boolean } {
  const calls: { at: number; text: string }[] = [];
  const custom = new Set<string>();
  const counted = new Set<AnyNode>();
  let forceReset = false;
  const source = (n: AnyNode) => code.slice(n.start, n.end);
  const hookCall = (call: AnyNode, lhs: string) => {
    const callee = call.callee as AnyNode;
    const name =
      callee.type === 'Identifier' ? (callee.name as string) : callee.type === 'MemberExpression' ? ((callee.property as AnyNode).name as string) : '';
    if (typeof name !== 'string' || !isHookName(name)) return;
    counted.add(call);
    const args = STATE_HOOKS.has(name) ? `(${(call.arguments as AnyNode[]).map(source).join(', ')})` : '';
    calls.push({ at: call.start, text: `${source(callee)}{${lhs}${args}}` });
    if (BUILTIN_HOOKS.has(name)) return;
    const root = callee.type === 'Identifier' ? name : (callee.object as AnyNode).type === 'Identifier' ? ((callee.object as AnyNode).name as string) : '';
    // A custom hook the module scope cannot name (a prop, a local) cannot be followed: reset to be safe.
    if (root && topLevel.has(root) && !callee.computed) custom.add(source(callee));
    else forceReset = true;
  };
  const body = fn.body as AnyNode;
  walk(body, (node) => {
    if (node !== body && (isFunction(node) || node.type === 'FunctionDeclaration' || node.type === 'ClassDeclaration' || node.type === 'ClassExpression'))
      return false;
    if (node.type === 'VariableDeclarator' && (node.init as AnyNode | null)?.type === 'CallExpression')
      hookCall(node.init as AnyNode, source(node.id as AnyNode));
    else if (node.type === 'CallExpression' && !counted.has(node)) hookCall(node, '');
  });
  calls.sort((a, b) => a.at - b.at);
  return { key: calls.map((c) => c.text).join('\n'), custom: [...custom], forceReset };
}
