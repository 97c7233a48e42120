import type { File } from '@babel/types';
import { classFor, styleLabel, type StyleProperty } from '@sprout/core';
import type { VisualChange } from '@sprout/core/contract';
import { walk } from '../syntax/walk';
import { type ClassChange, classSplices } from './class-splices';
import { afterTagName, attributeOf, classPart, textPart } from './element-parts';
import { type FoundElement, shortName } from './find-element';
import { checkImageUrl, identifierFor, imageModule } from './image-changes';
import { jsString, jsxAttributeValue, jsxChildText, type Splice, templateText } from './splices';

// One element's changes (its text, its classes, its picture) as splices at the offsets of its nodes.

export type Refusal = { ok: false; code: string; message: string; index: number };
type ImageChange = Extract<VisualChange, { type: 'image' | 'image-upload' }>;

export interface ElementChanges {
  found: FoundElement;
  text: { value: string; edit: number } | null;
  /** In the order they were asked for: applied one after the other, a later one of a property wins. */
  styles: { property: StyleProperty; value: string | null; edit: number }[];
  image: { change: ImageChange; edit: number } | null;
}

/** What the element's file holds that an added import must not clash with, and the modules added for it. */
export interface FileState {
  path: string;
  code: string;
  names: Set<string>;
  /** Default imports already there: module → local name. */
  defaults: Map<string, string>;
  /** Where an import line goes: after the last import. */
  importAt: number;
  newFiles: Map<string, string>;
}

export function fileState(path: string, code: string, tree: File): FileState {
  const names = new Set<string>();
  walk(tree.program, (node) => node.type === 'Identifier' && names.add(node.name));
  const defaults = new Map<string, string>();
  let importAt = 0;
  for (const statement of tree.program.body) {
    if (statement.type !== 'ImportDeclaration') continue;
    importAt = statement.end!;
    const local = statement.specifiers.find((s) => s.type === 'ImportDefaultSpecifier')?.local.name;
    if (local && statement.importKind !== 'type') defaults.set(statement.source.value, local);
  }
  return { path, code, names, defaults, importAt, newFiles: new Map() };
}

/** Line breaks and other control characters: text set from the panel is one line. */
const hasControl = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 || c === '\u007f' || c === '\u2028' || c === '\u2029');

function textSplice(changes: ElementChanges, code: string): Splice | Refusal {
  const { value, edit } = changes.text!;
  const part = textPart(changes.found.element, code);
  if (!part.editable) return { ok: false, code: 'not_editable', message: part.reason, index: edit };
  if (hasControl(value)) return { ok: false, code: 'invalid_value', message: 'The text cannot hold line breaks or control characters.', index: edit };
  const [start, end] = [part.node.start!, part.node.end!];
  if (part.kind === 'jsx') {
    const raw = code.slice(start, end);
    const lead = /^\s*/.exec(raw)![0];
    const trail = /\s*$/.exec(raw)![0];
    return { start, end, text: lead + jsxChildText(value) + trail, edit };
  }
  const text = part.node.type === 'StringLiteral' ? jsString(value, code[start]!) : `\`${templateText(value)}\``;
  return { start, end, text, edit };
}

function styleSplices(changes: ElementChanges, code: string): Splice[] | Refusal {
  const first = changes.styles[0]!.edit;
  const part = classPart(changes.found.element);
  if (!part.editable) return { ok: false, code: 'not_editable', message: part.reason, index: first };
  const list: ClassChange[] = [];
  for (const { property, value, edit } of changes.styles) {
    if (value === null) {
      list.push({ property, className: null });
      continue;
    }
    const made = classFor(property, value);
    if (!made.ok) return { ok: false, code: 'invalid_value', message: made.message, index: edit };
    list.push({ property, className: made.className });
  }
  return classSplices(part, list, code, first);
}

/** A name for an imported image that nothing in the file uses yet. */
function freshName(base: string, names: Set<string>): string {
  let name = base;
  for (let n = 2; names.has(name); n++) name = `${base}${n}`;
  names.add(name);
  return name;
}

function imageSplices(changes: ElementChanges, file: FileState): Splice[] | Refusal {
  const { change, edit } = changes.image!;
  const { element, tag } = changes.found;
  if (tag !== 'img') return { ok: false, code: 'not_an_image', message: 'Only an image (<img>) can take a new picture.', index: edit };
  const splices: Splice[] = [];
  let value: string;
  if (change.type === 'image') {
    const checked = checkImageUrl(change.src);
    if (!checked.ok) return { ok: false, code: 'invalid_value', message: checked.message, index: edit };
    value = jsxAttributeValue(checked.url);
  } else {
    const made = imageModule(change);
    if (!made.ok) return { ok: false, code: 'invalid_image', message: made.message, index: edit };
    const { path, importPath, content, slug } = made.module;
    file.newFiles.set(path, content);
    let name = file.defaults.get(importPath);
    if (!name) {
      name = freshName(identifierFor(slug), file.names);
      file.defaults.set(importPath, name);
      const line = `import ${name} from '${importPath}';`;
      splices.push(file.importAt === 0 ? { start: 0, end: 0, text: `${line}\n`, edit } : { start: file.importAt, end: file.importAt, text: `\n${line}`, edit });
    }
    value = `{${name}}`;
  }
  const src = attributeOf(element, 'src');
  if (src?.value) splices.push({ start: src.value.start!, end: src.value.end!, text: value, edit });
  else if (src) splices.push({ start: src.end!, end: src.end!, text: `=${value}`, edit });
  else splices.push({ start: afterTagName(element), end: afterTagName(element), text: ` src=${value}`, edit });
  return splices;
}

const isRefusal = (r: unknown): r is Refusal => typeof r === 'object' && r !== null && (r as Refusal).ok === false;

/** The splices that make one element's changes, with a sentence for each change. */
export function elementSplices(changes: ElementChanges, file: FileState): { ok: true; splices: Splice[]; summaries: string[] } | Refusal {
  const where = `<${changes.found.tag}> in ${shortName(file.path)}`;
  const splices: Splice[] = [];
  const summaries: string[] = [];
  if (changes.text) {
    const splice = textSplice(changes, file.code);
    if (isRefusal(splice)) return splice;
    splices.push(splice);
    summaries.push(`Changed the text of ${where}`);
  }
  if (changes.styles.length) {
    const made = styleSplices(changes, file.code);
    if (isRefusal(made)) return made;
    splices.push(...made);
    const last = new Map(changes.styles.map((s) => [s.property, s.value]));
    for (const [property, value] of last)
      summaries.push(value === null ? `Removed the ${styleLabel(property)} of ${where}` : `Set the ${styleLabel(property)} of ${where} to ${value}`);
  }
  if (changes.image) {
    const made = imageSplices(changes, file);
    if (isRefusal(made)) return made;
    splices.push(...made);
    const { change } = changes.image;
    summaries.push(change.type === 'image' ? `Changed the picture of ${where}` : `Put the uploaded image ${change.fileName} in ${where}`);
  }
  return { ok: true, splices, summaries };
}
