import type { File, JSXElement, JSXOpeningElement, Node } from '@babel/types';
import { parseModule } from '../syntax/parse-module';
import { walk } from '../syntax/walk';

// The preview marks each JSX element with where its `<` is in the source (line and column from 1, as
// esbuild's jsxDev gives them); the element is found again by that place in the syntax tree, never by
// searching the text, so a tag named in a string or a comment is never taken for it.

export interface FoundElement {
  tree: File;
  element: JSXElement;
  /** `h1`, `Button`, `motion.div`. */
  tag: string;
  /** The component the element is drawn by; null when it is in no function. */
  component: string | null;
  /** Drawn once per item of a list (in a function given to `.map`): a change shows on every item. */
  inList: boolean;
}

export interface Place {
  line: number;
  column: number;
}

type FunctionNode = Extract<Node, { type: 'FunctionDeclaration' | 'FunctionExpression' | 'ArrowFunctionExpression' }>;

const isFunction = (node: Node): node is FunctionNode =>
  node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression';

/** The name a tag is written with. */
function tagName(opening: JSXOpeningElement): string {
  const name = (n: JSXOpeningElement['name']): string =>
    n.type === 'JSXIdentifier' ? n.name : n.type === 'JSXNamespacedName' ? `${n.namespace.name}:${n.name.name}` : `${name(n.object)}.${n.property.name}`;
  return name(opening.name);
}

/** `client/src/pages/Home.tsx` → `Home`; an index file is named by its folder. */
function baseName(path: string): string {
  const parts = path.split('/');
  const file = (parts.at(-1) ?? path).replace(/\.[^.]+$/, '');
  return file === 'index' && parts.length > 1 ? parts.at(-2)! : file;
}

// Wrappers a component is often made with: memo(() => …), forwardRef(function …), React.memo(…).
const isWrapperCall = (node: Node, child: Node) =>
  node.type === 'CallExpression' &&
  node.arguments.includes(child as never) &&
  (node.callee.type === 'Identifier' ||
    (node.callee.type === 'MemberExpression' && node.callee.object.type === 'Identifier' && node.callee.object.name === 'React'));

const TRANSPARENT = new Set(['TSAsExpression', 'TSSatisfiesExpression', 'ParenthesizedExpression', 'TSNonNullExpression']);

/** The name a function is known by: its own, the variable it is assigned to, or the file's for `export default function () {}`. */
function functionName(fn: FunctionNode, ancestors: readonly Node[], path: string): string | null {
  if (fn.type !== 'ArrowFunctionExpression' && fn.id) return fn.id.name;
  let child: Node = fn;
  for (const node of ancestors) {
    if (isWrapperCall(node, child) || TRANSPARENT.has(node.type)) {
      child = node;
      continue;
    }
    if (node.type === 'VariableDeclarator' && node.init === child && node.id.type === 'Identifier') return node.id.name;
    if (node.type === 'ExportDefaultDeclaration') return baseName(path);
    return null;
  }
  return null;
}

const LIST_METHODS = new Set(['map', 'flatMap']);

/** Whether a function is the callback of `xs.map(…)`, `xs.flatMap(…)` or `Array.from(xs, …)`. */
function isListCallback(fn: Node, parent: Node | undefined): boolean {
  if (parent?.type !== 'CallExpression' || parent.callee.type !== 'MemberExpression' || parent.callee.computed) return false;
  const { object, property } = parent.callee;
  if (property.type !== 'Identifier') return false;
  if (LIST_METHODS.has(property.name)) return parent.arguments[0] === fn;
  return property.name === 'from' && object.type === 'Identifier' && object.name === 'Array' && parent.arguments[1] === fn;
}

/**
 * The component an element is in, and whether it is drawn per list item. The component is the nearest
 * enclosing function with a capitalised name, or else the outermost named one.
 */
function contextOf(ancestors: readonly Node[], path: string): { component: string | null; inList: boolean } {
  let component: { name: string; at: number } | null = null;
  for (let i = 0; i < ancestors.length; i++) {
    const node = ancestors[i]!;
    if (!isFunction(node)) continue;
    const name = functionName(node, ancestors.slice(i + 1), path);
    if (name === null) continue;
    component = { name, at: i };
    if (/^[A-Z]/.test(name)) break;
  }
  const within = component ? ancestors.slice(0, component.at) : ancestors;
  const inList = within.some((node, i) => isFunction(node) && isListCallback(node, ancestors[i + 1]));
  return { component: component?.name ?? null, inList };
}

/** The JSX element whose `<` is at `place` in `code`, with the component that draws it; null when there is none. */
export function findElement(path: string, code: string, place: Place): FoundElement | null {
  const tree = parseModule(path, code);
  if (!tree) return null;
  const parents = new Map<Node, Node | null>();
  let element: JSXElement | null = null;
  walk(tree.program, (node, parent) => {
    parents.set(node, parent);
    const start = node.loc?.start;
    if (!element && node.type === 'JSXElement' && start && start.line === place.line && start.column === place.column - 1) element = node;
  });
  const found = element as JSXElement | null;
  if (!found) return null;
  const ancestors: Node[] = [];
  for (let p = parents.get(found); p; p = parents.get(p)) ancestors.push(p);
  return { tree, element: found, tag: tagName(found.openingElement), ...contextOf(ancestors, path) };
}

/**
 * Why an element of `path` cannot be edited visually, or null when it can: only the app's own
 * components (a .tsx or .jsx file under client/) are.
 */
export function uneditableFile(path: string): string | null {
  if (!/\.(tsx|jsx)$/.test(path)) return 'Only elements written in a .tsx or .jsx file can be edited here: ask in the chat.';
  if (!path.startsWith('client/') || path.split('/').includes('node_modules'))
    return "Only the app's own code (in client/) can be edited here: ask in the chat.";
  return null;
}

/** Where a file's name is shown to the person: its base name. */
export const shortName = (path: string) => path.split('/').at(-1) ?? path;
