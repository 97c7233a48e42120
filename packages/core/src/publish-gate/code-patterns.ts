import { FUNCTIONS_ROOT } from '../functions/function-files';
import type { GateFinding } from '../contract/publish-gate';
import { finding, isClientCode, lineAt, type GateInput } from './gate-input';

const HTML_SINKS: { pattern: RegExp; what: string }[] = [
  { pattern: /dangerouslySetInnerHTML/, what: 'dangerouslySetInnerHTML' },
  { pattern: /\.(?:innerHTML|outerHTML)\s*\+?=/, what: 'innerHTML' },
  { pattern: /\bdocument\s*\.\s*write\s*\(/, what: 'document write()' },
  { pattern: /(?<![\w.])eval\s*\(/, what: 'eval' },
  { pattern: /\bnew\s+Function\s*\(/, what: 'new Function' },
];

/** HTML or code made from strings at run time: what a visitor typed can become a script there. */
export function htmlFromDataFindings({ files }: GateInput): GateFinding[] {
  const out: GateFinding[] = [];
  for (const [path, content] of files) {
    if (!isClientCode(path)) continue;
    for (const { pattern, what } of HTML_SINKS) {
      const m = pattern.exec(content);
      if (!m) continue;
      out.push(
        finding(
          'warning',
          'html-from-data',
          path,
          lineAt(content, m.index),
          `${what} turns a string into HTML or code: if any of it comes from data people entered, it can run as a script for every visitor. ` +
            'Render text with JSX ({value}), which React escapes.',
        ),
      );
    }
  }
  return out;
}

const SCRIPT_SRC = /<script\b[^>]*\bsrc\s*=\s*["']?([^"'\s>]+)/gi;

/** Scripts loaded from elsewhere: over plain http anyone on the network can replace them; other hosts are not loaded at all. */
export function scriptSourceFindings({ files }: GateInput): GateFinding[] {
  const out: GateFinding[] = [];
  for (const [path, content] of files) {
    if (path !== 'index.html' && !path.startsWith('client/')) continue;
    for (const m of content.matchAll(SCRIPT_SRC)) {
      const src = m[1]!;
      const line = lineAt(content, m.index);
      if (/^http:\/\//i.test(src))
        out.push(
          finding(
            'critical',
            'insecure-script',
            path,
            line,
            `A script is loaded over plain http (${src.slice(0, 80)}): anyone on the network can change what it does. Use the package from npm instead.`,
          ),
        );
      else if (/^(?:https:)?\/\//i.test(src))
        out.push(
          finding(
            'warning',
            'insecure-script',
            path,
            line,
            `A script is loaded from another site (${src.slice(0, 80)}): published apps run only their own scripts, so it will not load. Use the package from npm instead.`,
          ),
        );
    }
  }
  return out;
}

const WEBHOOK = /export\s+const\s+access\s*=\s*['"`]webhook['"`]/;
// Reading a signature header, an HMAC, a shared secret or a provider's verifier.
const VERIFIES = /signature|hmac|createHmac|crypto\.subtle|timingSafeEqual|constructEvent|verify|ctx\.env\.[A-Z_]*(?:SECRET|TOKEN|KEY)/i;

/** A `webhook` function takes requests from anywhere: one that checks nothing lets anyone trigger what it does. */
export function webhookFindings({ files }: GateInput): GateFinding[] {
  const out: GateFinding[] = [];
  for (const [path, content] of files) {
    if (!path.startsWith(`${FUNCTIONS_ROOT}/`) || !WEBHOOK.test(content) || VERIFIES.test(content)) continue;
    out.push(
      finding(
        'critical',
        'webhook-unverified',
        path,
        lineAt(content, WEBHOOK.exec(content)!.index),
        'This webhook function accepts requests from anyone without checking who sent them. Verify the sender: check the ' +
          "provider's signature header with its signing secret (ctx.env.NAME), or compare a shared token.",
      ),
    );
  }
  return out;
}
