import type { FilePart, RunPart, RunView } from '../session/run-view';

/*
 * What the chat says about a run: its phase while it runs, fix rounds and type warnings, and its
 * model, tokens, duration and line counts. Pure functions of ../session/run-view's view.
 */

function fileParts(v: RunView): FilePart[] {
  return v.parts.filter((p): p is FilePart => p.type === 'file');
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "Fixing 2 build errors…" while the round runs; "Fix round 1: 2 build errors" once it is over. */
export function fixLabel(part: Extract<RunPart, { type: 'fix' }>, active = true): string {
  const n = part.issues.length;
  switch (part.reason) {
    case 'continue':
      return active ? 'The reply was cut off — asking Sprout to continue where it stopped…' : 'The reply was cut off — Sprout continued where it stopped';
    case 'placeholder':
      return active ? `Asking for ${plural(n, 'complete file')} instead of placeholders…` : `Asked for ${plural(n, 'complete file')} instead of placeholders`;
    case 'runtime':
      return active ? `Fixing ${plural(n, 'error')} the preview reported…` : `Fix round ${part.round}: ${plural(n, 'error')} the preview reported`;
    case 'security':
      return active ? `Fixing ${plural(n, 'security finding')}…` : `Fix round ${part.round}: ${plural(n, 'security finding')}`;
    default: {
      const builds = part.issues.filter((i) => i.source === 'build').length;
      const what = plural(n, builds === n ? 'build error' : 'problem');
      return active ? `Fixing ${what}…` : `Fix round ${part.round}: ${what}`;
    }
  }
}

/** "2 type warnings" when the type check found errors in the changed files; null when clean or not checked. */
export function typeWarningLabel(part: Extract<RunPart, { type: 'check' }>): string | null {
  const n = part.typeErrors?.length ?? 0;
  return n ? plural(n, 'type warning') : null;
}

/** A short description of what a running run is doing right now (for the status line and screen readers). */
export function runPhase(v: RunView): string {
  if (v.status !== 'running') return '';
  const last = v.parts[v.parts.length - 1];
  if (v.kind === 'plan') return 'Planning…';
  if (!last) return v.kind === 'message' ? 'Thinking…' : v.kind === 'runtime-fix' ? 'Looking at the errors…' : 'Looking at the security findings…';
  if (last.type === 'file' && last.status === 'writing') return `Writing ${last.path.split('/').pop()}…`;
  if (last.type === 'fix') return fixLabel(last);
  // A tool still running: what it does ("Reading client/src/App.tsx…").
  if (last.type === 'tool' && last.status === 'running') return `${last.summary}…`;
  if (last.type === 'text') return 'Writing…';
  // A candidate built and not yet judged: the server is opening it in a browser.
  if (v.candidate && !v.parts.some((p) => p.type === 'check' && p.round === v.candidate!.round)) return 'Trying your app in a browser…';
  if (fileParts(v).some((p) => p.status !== 'skipped')) return 'Checking your app…';
  return 'Working…';
}

export function formatTokens(n: number | null): string {
  if (n === null) return '–';
  if (n < 1000) return String(n);
  if (n < 10_000) return `${(n / 1000).toFixed(1)}k`;
  return `${Math.round(n / 1000)}k`;
}

export function formatDuration(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms) || ms < 0) return '';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s < 10 ? s.toFixed(1) : Math.round(s)} s`;
  return `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

/** `openai-compatible:http://127.0.0.1:11434/v1#qwen2.5-coder` → `qwen2.5-coder`; `openai:gpt-4.1` → `gpt-4.1`. */
export function modelLabel(model: string | null): string {
  if (!model) return '';
  if (model === 'offline') return 'Offline builder';
  const hash = model.lastIndexOf('#');
  if (hash !== -1) return model.slice(hash + 1);
  const colon = model.indexOf(':');
  return colon === -1 ? model : model.slice(colon + 1);
}

export function lineCount(text: string): number {
  if (!text) return 0;
  let n = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) n++;
  return text.endsWith('\n') ? n - 1 : n;
}
