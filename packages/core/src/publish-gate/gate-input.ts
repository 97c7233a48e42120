import type { GateFinding } from '../contract/publish-gate';

/** What the gate reads: the version's files by path, and the production build's script and style files by name. */
export interface GateInput {
  files: ReadonlyMap<string, string>;
  built: ReadonlyMap<string, string>;
}

export const finding = (severity: GateFinding['severity'], rule: GateFinding['rule'], file: string, line: number | null, message: string): GateFinding => ({
  severity,
  rule,
  file,
  line,
  message,
});

/** The line of `index` in `text`, counted from 1. */
export const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** The app's own code that reaches the browser: everything under client/ that is a script. */
export const isClientCode = (path: string) => path.startsWith('client/') && /\.(?:[cm]?[jt]sx?)$/.test(path);
