import type { AppSpec } from '../understand/understand';
import type { GeneratedFile } from './source';

export interface GeneratedApp {
  /** The app's name as shown in it and in the page title. */
  name: string;
  files: GeneratedFile[];
  /** One line for <sprout-summary>. */
  summary: string;
  /** What the app does, for the chat ("Drag cards between columns…"). */
  built: string[];
  /** Details of the prompt the app honours ("Earthy palette: terracotta, sage…"). */
  honoured: string[];
  /** What the prompt asked that this app does differently or not at all. */
  unsupported: string[];
}

export type FamilyGenerator = (spec: AppSpec) => GeneratedApp;
