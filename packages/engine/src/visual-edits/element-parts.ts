import type { Expression, JSXAttribute, JSXElement, JSXText, Node, StringLiteral, TemplateLiteral } from '@babel/types';
import { walk } from '../syntax/walk';

// What of an element a visual edit can reach: its own text, its class list, an image's address. Each
// is editable only when the source holds it as plain text or a literal; anything computed in code
// (a record's field, a ternary, a helper's result) is named, with where to change it instead.

export type TextPart =
  /** JSX text: the edit replaces it, keeping the whitespace around it. */
  | { editable: true; kind: 'jsx'; node: JSXText; value: string }
  /** `{'…'}` or `` {`…`} ``: the edit replaces the literal. */
  | { editable: true; kind: 'literal'; node: StringLiteral | TemplateLiteral; value: string }
  | { editable: false; reason: string };

export type ClassPart =
  /** No className yet: one is added after the tag name (at `insertAt`). */
  | { editable: true; kind: 'none'; insertAt: number; value: '' }
  /** `className="…"`, `className={'…'}` or `cn('…', …)`; inJsx: the literal is a JSX attribute value, with no escapes. */
  | { editable: true; kind: 'string'; node: StringLiteral; inJsx: boolean; value: string }
  /** `` className={`… ${x} …`} ``: the static parts are edited; value is their text. */
  | { editable: true; kind: 'template'; node: TemplateLiteral; value: string }
  | { editable: false; reason: string };

const CLASS_HELPERS = new Set(['cn', 'clsx', 'twMerge', 'cx', 'classNames']);

export const CLASSES_COMPUTED = "This element's classes are computed in code: ask in the chat to change them.";
export const NO_TEXT = 'This element has no text of its own.';
export const SEVERAL_PIECES = 'This text is made of several pieces (text and code): ask in the chat to change it.';

/** The last `name=` attribute of the element (the one React keeps). */
export function attributeOf(element: JSXElement, name: string): JSXAttribute | null {
  let found: JSXAttribute | null = null;
  for (const a of element.openingElement.attributes) if (a.type === 'JSXAttribute' && a.name.type === 'JSXIdentifier' && a.name.name === name) found = a;
  return found;
}

/** Where an attribute can be added: right after the tag name (and its type arguments). */
export function afterTagName(element: JSXElement): number {
  const opening = element.openingElement as JSXElement['openingElement'] & { typeArguments?: Node | null };
  return (opening.typeArguments ?? opening.typeParameters ?? opening.name).end!;
}

/** JSX text as it shows: lines trimmed, blank lines dropped, joined by one space. */
const shownText = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .join(' ');

const isStaticLiteral = (e: Node): e is StringLiteral | TemplateLiteral =>
  e.type === 'StringLiteral' || (e.type === 'TemplateLiteral' && e.expressions.length === 0);
const literalValue = (e: StringLiteral | TemplateLiteral) => (e.type === 'StringLiteral' ? e.value : (e.quasis[0]?.value.cooked ?? ''));

function fromCode(expression: Node, code: string): string {
  let source = code.slice(expression.start!, expression.end!).replace(/\s+/g, ' ');
  if (source.length > 60) source = `${source.slice(0, 59)}…`;
  const record = expression.type === 'MemberExpression' || expression.type === 'OptionalMemberExpression';
  return record
    ? `This text comes from \`${source}\` in the code: change the record in the Data panel, or ask in the chat.`
    : `This text comes from \`${source}\` in the code: ask in the chat to change it.`;
}

/** Whether an expression child draws elements (`{items.map(i => <li />)}`, `{open && <Menu />}`) rather than text. */
function drawsElements(expression: Node): boolean {
  let found = false;
  walk(expression, (node) => {
    if (node.type === 'JSXElement' || node.type === 'JSXFragment') found = true;
  });
  return found;
}

/** The element's own text, when it is one piece of plain text or one literal. */
export function textPart(element: JSXElement, code: string): TextPart {
  const texts: JSXText[] = [];
  const literals: (StringLiteral | TemplateLiteral)[] = [];
  const computed: Expression[] = [];
  for (const child of element.children) {
    if (child.type === 'JSXText') {
      if (child.value.trim() !== '') texts.push(child);
    } else if (child.type === 'JSXExpressionContainer' && child.expression.type !== 'JSXEmptyExpression') {
      if (isStaticLiteral(child.expression)) literals.push(child.expression);
      else if (!drawsElements(child.expression)) computed.push(child.expression);
    }
  }
  if (texts.length + literals.length > 1) return { editable: false, reason: SEVERAL_PIECES };
  if (texts.length === 1) return { editable: true, kind: 'jsx', node: texts[0]!, value: shownText(texts[0]!.value) };
  if (literals.length === 1 && computed.length === 0) return { editable: true, kind: 'literal', node: literals[0]!, value: literalValue(literals[0]!) };
  if (literals.length === 1) return { editable: false, reason: SEVERAL_PIECES };
  if (computed.length > 0) return { editable: false, reason: computed.length === 1 ? fromCode(computed[0]!, code) : SEVERAL_PIECES };
  return { editable: false, reason: NO_TEXT };
}

/** A class literal: a string, or a template whose static parts hold the classes. */
function literalPart(node: Node, inJsx: boolean): ClassPart | null {
  if (node.type === 'StringLiteral') return { editable: true, kind: 'string', node, inJsx, value: node.value };
  if (node.type === 'TemplateLiteral')
    return { editable: true, kind: 'template', node, value: node.quasis.map((q) => q.value.cooked ?? q.value.raw).join(' ') };
  return null;
}

/** The element's class list, when the source holds it as a literal a visual edit can rewrite. */
export function classPart(element: JSXElement): ClassPart {
  const attribute = attributeOf(element, 'className');
  if (!attribute) return { editable: true, kind: 'none', insertAt: afterTagName(element), value: '' };
  const value = attribute.value;
  if (value?.type === 'StringLiteral') return literalPart(value, true)!;
  if (value?.type !== 'JSXExpressionContainer' || value.expression.type === 'JSXEmptyExpression') return { editable: false, reason: CLASSES_COMPUTED };
  const expression = value.expression;
  const literal = literalPart(expression, false);
  if (literal) return literal;
  // cn('base classes', cond && 'more'): the first argument holds the element's own classes.
  if (expression.type === 'CallExpression' && expression.callee.type === 'Identifier' && CLASS_HELPERS.has(expression.callee.name)) {
    const first = expression.arguments[0];
    const part = first && literalPart(first, false);
    if (part) return part;
  }
  return { editable: false, reason: CLASSES_COMPUTED };
}

/** An `<img>`'s address: the literal when it is one, null when computed (it can still be replaced). */
export function imagePart(element: JSXElement): { src: string | null; editable: boolean } | null {
  if (tagOf(element) !== 'img') return null;
  const value = attributeOf(element, 'src')?.value;
  if (value?.type === 'StringLiteral') return { src: value.value, editable: true };
  if (value?.type === 'JSXExpressionContainer' && isStaticLiteral(value.expression)) return { src: literalValue(value.expression), editable: true };
  return { src: null, editable: true };
}

const tagOf = (element: JSXElement) => (element.openingElement.name.type === 'JSXIdentifier' ? element.openingElement.name.name : null);
