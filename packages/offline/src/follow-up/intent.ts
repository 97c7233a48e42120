// What a follow-up message asks for, as data: the intents the handlers in this folder turn into edits.

import type { FieldSpec } from '../understand/fields';
import type { SectionId } from '../understand/sections';
import type { PaletteSeed } from '../theme/palettes';

export type Intent =
  | { kind: 'mode'; dark: boolean }
  | { kind: 'palette'; seed: PaletteSeed | null; note: string }
  | { kind: 'rename'; name: string }
  | { kind: 'add-section'; section: SectionId; after: SectionId | null; before: SectionId | null }
  | { kind: 'remove-section'; section: SectionId }
  /** `column`: asked for as a column, which on a board means a stage instead. */
  | { kind: 'add-field'; field: FieldSpec; words: string; form: string | null; column?: true }
  | { kind: 'remove-field'; name: string; form: string | null; column?: true }
  /** `orApp`: "rename X to Y" without a field word, which renames the app when X is its name, not a field. */
  | { kind: 'rename-field'; from: string; to: string; form: string | null; column?: true; orApp?: true }
  /** Understood, and not something the offline builder can do: said so, nothing changed. */
  | { kind: 'cannot'; message: string };
