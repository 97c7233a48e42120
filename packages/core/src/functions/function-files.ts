/** Where a project's server functions live: `functions/<name>.ts` at its root, one function per file. */
export const FUNCTIONS_ROOT = 'functions';

/** A function's name: what its file is called, and the last part of its URL. */
export const FUNCTION_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_FUNCTION_NAME = 64;

/** Who may call a function: `anyone` from the app's own pages, its `signed-in` users, or a `webhook` from anywhere. */
export const FUNCTION_ACCESS = ['anyone', 'signed-in', 'webhook'] as const;
export type FunctionAccess = (typeof FUNCTION_ACCESS)[number];

/** The function a project file defines (its name), or null when the file is not a function. */
export function functionNameOf(path: string): string | null {
  const match = /^functions\/([^/]+)\.ts$/.exec(path);
  if (!match) return null;
  const name = match[1]!;
  return FUNCTION_NAME.test(name) && name.length <= MAX_FUNCTION_NAME ? name : null;
}

/**
 * What is wrong with a file under functions/ that is not a function, for the checks to say; null
 * for a function file, or a file elsewhere. Helpers a function imports live elsewhere (`lib/`).
 */
export function functionFileProblem(path: string): string | null {
  if (!path.startsWith(`${FUNCTIONS_ROOT}/`) || functionNameOf(path) !== null) return null;
  if (path.slice(FUNCTIONS_ROOT.length + 1).includes('/'))
    return `${path}: functions are files directly in functions/ (functions/<name>.ts); put shared code in lib/.`;
  return `${path}: a function's file is named with lower-case letters, digits and dashes and ends in .ts (functions/send-reminder.ts).`;
}
