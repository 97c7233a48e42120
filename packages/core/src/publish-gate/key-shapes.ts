// Well-known shapes of live credentials: a provider's key prefix and enough random characters after it.
const KEY_SHAPES: { name: string; pattern: RegExp }[] = [
  { name: 'a Stripe secret key', pattern: /\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,}/ },
  { name: 'an OpenAI key', pattern: /\bsk-(?:proj-)?[0-9A-Za-z_-]{32,}/ },
  { name: 'an Anthropic key', pattern: /\bsk-ant-[0-9A-Za-z_-]{32,}/ },
  { name: 'an AWS access key', pattern: /\bAKIA[0-9A-Z]{16}\b/ },
  { name: 'a GitHub token', pattern: /\bgh[pousr]_[0-9A-Za-z]{36,}/ },
  { name: 'a Slack token', pattern: /\bxox[abprs]-[0-9A-Za-z-]{10,}/ },
  { name: 'a SendGrid key', pattern: /\bSG\.[0-9A-Za-z_-]{22}\.[0-9A-Za-z_-]{43}\b/ },
  { name: 'a private key', pattern: /-----BEGIN (?:RSA |EC |OPENSSH )?PRIVATE KEY-----/ },
];

/** The first key-shaped string in `text`: what it looks like, its line, and its first characters only (never the key). */
export function findKeyShape(text: string): { name: string; line: number; preview: string } | null {
  for (const { name, pattern } of KEY_SHAPES) {
    const found = pattern.exec(text);
    if (!found) continue;
    return { name, line: text.slice(0, found.index).split('\n').length, preview: `${found[0].slice(0, 8)}…` };
  }
  return null;
}
