import type { GateFinding } from '../contract/publish-gate';
import { finding, type GateInput } from './gate-input';
import { findKeyShape } from './key-shapes';

/**
 * Keys in what every visitor downloads: the client's source files (file and line to fix), and the
 * production build, which also holds what a dependency or a build-time variable put there.
 */
export function clientSecretFindings({ files, built }: GateInput): GateFinding[] {
  const out: GateFinding[] = [];
  for (const [path, content] of files) {
    if (!path.startsWith('client/') && path !== 'index.html') continue;
    const key = findKeyShape(content);
    if (key) out.push(finding('critical', 'secret-in-client', path, key.line, secretMessage(key.name, key.preview)));
  }
  if (out.length > 0) return out;
  for (const [name, content] of built) {
    const key = findKeyShape(content);
    if (key) out.push(finding('critical', 'secret-in-client', name, null, secretMessage(key.name, key.preview)));
  }
  return out;
}

const secretMessage = (what: string, preview: string) =>
  `The app's code holds what looks like ${what} (${preview}), and every visitor can read it. ` +
  'Remove it, revoke it with its provider, and call the service from a server function that reads the key as ctx.env.NAME.';
