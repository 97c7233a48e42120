// A new app as the builder makes it for a request (build.ts), without writing an answer: what it
// understood, the generated app and its files by path. Plans describe this, so a plan and the
// build it leads to cannot disagree.

import { generateApp } from '../families/index';
import type { GeneratedApp } from '../families/types';
import { understand, type AppSpec } from '../understand/understand';

export interface BuiltApp {
  spec: AppSpec;
  app: GeneratedApp;
  files: Map<string, string>;
}

export function buildApp(request: string): BuiltApp {
  const spec = understand(request);
  const app = generateApp(spec);
  return { spec, app, files: new Map(app.files.map((f) => [f.path, f.content])) };
}

/** Whether two builds wrote exactly the same files. */
export function sameFiles(a: BuiltApp, b: BuiltApp): boolean {
  return a.files.size === b.files.size && [...a.files].every(([path, content]) => b.files.get(path) === content);
}

/** The build of a request with a plan question's answer appended, the way an approved plan sends it. */
export const withAnswer = (request: string, question: string, answer: string) => `${request}\n\n${question} ${answer}`;
