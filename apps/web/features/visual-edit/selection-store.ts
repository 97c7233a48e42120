import type { PickedElement } from '@sprout/core';

export interface SelectionState {
  /** The preview is in pick mode: hovering highlights, a click selects. */
  picking: boolean;
  /** The element selected in the preview, as the picker last saw it. */
  selected: PickedElement | null;
  /** The person agreed that a change to this element (drawn for each item of a list) changes every item. */
  allItems: boolean;
}

type CodeRequest = { path: string; line: number };

const EMPTY: SelectionState = { picking: false, selected: null, allItems: false };

/**
 * What is picked in a project's preview, shared by the preview panel (the picker and the edit panel),
 * the chat's composer (the element as a chip, sent with the message) and the Code tab (open at its line).
 */
export class ElementSelection {
  private state: SelectionState = EMPTY;
  private readonly listeners = new Set<() => void>();
  private readonly codeListeners = new Set<(r: CodeRequest) => void>();

  getSnapshot = (): SelectionState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: Partial<SelectionState>): void {
    this.state = { ...this.state, ...next };
    for (const l of this.listeners) l();
  }

  setPicking(picking: boolean): void {
    if (picking !== this.state.picking) this.set({ picking });
  }

  /** A new element (or the same one seen again after a hot update: its agreement about lists stays). */
  select(element: PickedElement): void {
    const same = this.state.selected?.loc === element.loc;
    this.set({ selected: element, picking: false, allItems: same ? this.state.allItems : false });
  }

  /** The selected element seen again (it moved, or a new version moved it in the source): the same selection. */
  follow(element: PickedElement): void {
    if (this.state.selected) this.set({ selected: element });
  }

  clear(): void {
    if (this.state.selected || this.state.picking) this.set({ selected: null, picking: false, allItems: false });
  }

  confirmAllItems(): void {
    this.set({ allItems: true });
  }

  /** Asks the Code tab to open the selected element's file at its line. */
  openInCode(request: CodeRequest): void {
    for (const l of this.codeListeners) l(request);
  }

  onCodeRequest(listener: (r: CodeRequest) => void): () => void {
    this.codeListeners.add(listener);
    return () => this.codeListeners.delete(listener);
  }
}

const selections = new Map<string, ElementSelection>();

export function selectionFor(sproutId: string): ElementSelection {
  let s = selections.get(sproutId);
  if (!s) {
    s = new ElementSelection();
    selections.set(sproutId, s);
  }
  return s;
}
