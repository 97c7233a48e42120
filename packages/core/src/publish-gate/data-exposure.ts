import { DATA_RULES_PATH, type AccessLevel } from '../app-data/rules';
import { parseDataRules } from '../app-data/rules';
import type { GateFinding } from '../contract/publish-gate';
import { finding, isClientCode, lineAt, type GateInput } from './gate-input';

// Field names that hold what identifies or reaches a person.
const PERSONAL =
  /^(?:e?mail|email_?address|phone(?:_?number)?|mobile|tel(?:ephone)?|(?:home_?|street_?|postal_?|billing_?|shipping_?)?address|street|zip(?:_?code)?|post(?:al)?_?code|birth_?date|date_?of_?birth|dob|ssn|passport)$/i;
const OPEN: readonly AccessLevel[] = ['anyone', 'signed-in'];
const WHO: Record<string, string> = { anyone: 'anyone', 'signed-in': 'any signed-in user' };
// Open to every visitor of the internet, it blocks; to the app's signed-in users (whom anyone may
// become, but a team app means it), it is told.
const severityOf = (level: AccessLevel) => (level === 'anyone' ? 'critical' : 'warning');

/**
 * What the rules let others do with people's data (critical when every visitor may, a warning when the
 * app's signed-in users may): read personal fields (declared in the rules, or
 * written by the client's code into the collection), and change or delete documents they did not write.
 */
export function dataExposureFindings({ files }: GateInput): GateFinding[] {
  const parsed = parseDataRules(files.get(DATA_RULES_PATH) ?? null);
  if (!parsed.ok) return [];
  const out: GateFinding[] = [];
  const rulesText = files.get(DATA_RULES_PATH) ?? '';
  const lineOf = (name: string) => {
    const at = rulesText.indexOf(`"${name}"`);
    return at === -1 ? null : lineAt(rulesText, at);
  };
  for (const [name, rules] of Object.entries(parsed.rules.collections)) {
    if (OPEN.includes(rules.read)) {
      const personal = [...new Set([...Object.keys(rules.fields).filter((f) => PERSONAL.test(f)), ...writtenPersonalFields(files, name)])];
      if (personal.length > 0)
        out.push(
          finding(
            severityOf(rules.read),
            'public-personal-data',
            DATA_RULES_PATH,
            lineOf(name),
            `"${name}" can be read by ${WHO[rules.read]}, and its documents hold personal data (${personal.join(', ')}). ` +
              'Let only the person who wrote a document read it ("read": "creator"), or keep those fields in a collection only they can read.',
          ),
        );
    }
    const changes = (['update', 'delete'] as const).filter((op) => OPEN.includes(rules[op]));
    const widest = changes.some((op) => rules[op] === 'anyone') ? 'anyone' : 'signed-in';
    if (changes.length > 0)
      out.push(
        finding(
          severityOf(widest),
          'others-can-change',
          DATA_RULES_PATH,
          lineOf(name),
          `In "${name}", ${changes.map((op) => `${WHO[rules[op]]} can ${op}`).join(' and ')} documents other people wrote. ` +
            `Use "creator" so people change only their own, or "nobody" when the app never changes them.`,
        ),
      );
  }
  return out;
}

/** Personal field names the client writes into collection `name` (`collection('name')` … `{ email: … }` in the same file). */
function writtenPersonalFields(files: ReadonlyMap<string, string>, name: string): string[] {
  const found: string[] = [];
  const uses = new RegExp(`(?:collection|useCollection)(?:<[^>]*>)?\\(\\s*['"\`]${name.replace(/[-]/g, '\\-')}['"\`]`);
  for (const [path, content] of files) {
    if (!isClientCode(path) || !uses.test(content)) continue;
    for (const m of content.matchAll(/[{,]\s*([A-Za-z_][A-Za-z0-9_]*)\s*:/g)) if (PERSONAL.test(m[1]!)) found.push(m[1]!);
  }
  return found;
}
