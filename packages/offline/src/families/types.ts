import type { AppSpec } from '../understand/understand';
import type { GeneratedFile } from './source';

export interface GeneratedApp {
  /** The app's name as shown in it and in the page title. */
  name: string;
  files: GeneratedFile[];
  /** What it is, for the reply's first sentence: "a habit tracker", "a list of recipes with tags and a tag filter". */
  kind: string;
  /** One line for <sprout-summary>. */
  summary: string;
  /** What the app does, for the chat ("Drag cards between columns…"). */
  built: string[];
  /** Details of the prompt the app honours ("Earthy palette: terracotta, sage…"). */
  honoured: string[];
  /** What the prompt asked that this app does differently or not at all. */
  unsupported: string[];
  /** Features asked for by name that this app could not get after all ("a filter"), for the first sentence. */
  missing?: string[];
}

export type FamilyGenerator = (spec: AppSpec) => GeneratedApp;
