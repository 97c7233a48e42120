// The element picker's postMessage protocol (packages/preview bridge-element-picker.js): what the
// Sprout page may tell the preview, and the guard that reads what the preview tells it back. The
// preview is another origin running the person's code: nothing it posts is trusted beyond its shape.

/** An element of the preview as the picker saw it. */
export interface PickedElement {
  /** `file:line:column` of the element's `<` in the source (the preview's `data-sprout-loc`). */
  loc: string;
  file: string;
  line: number;
  column: number;
  tag: string;
  component: string | null;
  /** Elements on the page with this loc: more than one means it is drawn for each item of a list. */
  count: number;
  text: string;
  rect: { x: number; y: number; width: number; height: number };
  styles: Record<string, string>;
  src: string | null;
}

export type ElementEvent =
  | { event: 'hover'; element: PickedElement; latencyMs: number | null }
  | { event: 'selected' | 'moved'; element: PickedElement }
  | { event: 'lost'; loc: string }
  | { event: 'cancel' }
  | { event: 'text'; loc: string; text: string };

const LOC = /^(.{1,1024}):(\d{1,7}):(\d{1,6})$/;

/** The place a `data-sprout-loc` names, or null when it is not one. */
export function parseLoc(loc: unknown): { file: string; line: number; column: number } | null {
  if (typeof loc !== 'string') return null;
  const m = LOC.exec(loc);
  if (!m) return null;
  const line = Number(m[2]);
  const column = Number(m[3]);
  return line >= 1 && column >= 1 ? { file: m[1]!, line, column } : null;
}

const str = (v: unknown, max: number): string | null => (typeof v === 'string' ? v.slice(0, max) : null);
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function readElement(value: unknown): PickedElement | null {
  if (value === null || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const place = parseLoc(v.loc);
  const tag = str(v.tag, 64);
  if (!place || !tag || !/^[A-Za-z][\w.-]*$/.test(tag)) return null;
  const rect = (v.rect ?? {}) as Record<string, unknown>;
  const styles: Record<string, string> = {};
  if (v.styles && typeof v.styles === 'object') {
    for (const [k, s] of Object.entries(v.styles as Record<string, unknown>).slice(0, 20)) if (typeof s === 'string') styles[k] = s.slice(0, 200);
  }
  const component = str(v.component, 100);
  return {
    loc: v.loc as string,
    ...place,
    tag,
    component: component && /^[\w$.]+$/.test(component) ? component : null,
    count: Math.max(1, Math.floor(num(v.count))),
    text: str(v.text, 300) ?? '',
    rect: { x: num(rect.x), y: num(rect.y), width: num(rect.width), height: num(rect.height) },
    styles,
    src: str(v.src, 2048),
  };
}

/**
 * An element picker event posted by the preview at `expectedOrigin`, or null for anything else
 * (other frames, other previews, a malformed message).
 */
export function readElementEvent(event: { origin: string; data: unknown }, expectedOrigin: string): ElementEvent | null {
  if (event.origin !== expectedOrigin || event.origin === 'null') return null;
  const d = event.data as Record<string, unknown> | null;
  if (d === null || typeof d !== 'object' || d.source !== 'sprout-preview-element') return null;
  switch (d.event) {
    case 'hover': {
      const element = readElement(d.element);
      return element ? { event: 'hover', element, latencyMs: typeof d.latencyMs === 'number' && Number.isFinite(d.latencyMs) ? d.latencyMs : null } : null;
    }
    case 'selected':
    case 'moved': {
      const element = readElement(d.element);
      return element ? { event: d.event, element } : null;
    }
    case 'lost':
      return parseLoc(d.loc) ? { event: 'lost', loc: d.loc as string } : null;
    case 'cancel':
      return { event: 'cancel' };
    case 'text': {
      const text = str(d.text, 2000);
      return parseLoc(d.loc) && text !== null ? { event: 'text', loc: d.loc as string, text } : null;
    }
    default:
      return null;
  }
}

/** What the Sprout page posts to the preview's picker. */
export type PickerCommand =
  | { type: 'pick'; on: boolean }
  | { type: 'select'; loc: string | null }
  | { type: 'preview-change'; loc: string; change: { text?: string; style?: Record<string, string | null> } }
  | { type: 'clear-preview-changes' };

export const pickerMessage = (command: PickerCommand) => ({ source: 'sprout-parent' as const, ...command });
