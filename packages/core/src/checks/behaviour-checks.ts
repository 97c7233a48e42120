import { z } from 'zod';

/*
 * Behaviour checks: a project keeps what its app must do as small declarative files,
 * `checks/<name>.json`, which the server runs against every candidate version in a browser after the
 * render check. Steps find elements the way a person does (role and name, label, placeholder, text),
 * never by CSS selectors, so a check survives a restyle.
 */

export const CHECKS_DIR = 'checks/';
export const MAX_CHECKS = 5;
export const MAX_STEPS = 20;

const short = z.string().min(1).max(200);

export const CheckTarget = z.union([
  z.strictObject({ role: z.string().min(1).max(40), name: short.optional() }),
  z.strictObject({ label: short }),
  z.strictObject({ placeholder: short }),
  z.strictObject({ text: short }),
]);
export type CheckTarget = z.infer<typeof CheckTarget>;

export const CheckStep = z.discriminatedUnion('do', [
  z.strictObject({ do: z.literal('fill'), target: CheckTarget, value: z.string().max(500) }),
  z.strictObject({ do: z.literal('click'), target: CheckTarget }),
  z.strictObject({ do: z.literal('press'), key: z.string().min(1).max(40), target: CheckTarget.optional() }),
  z.strictObject({ do: z.literal('expectText'), text: short, target: CheckTarget.optional() }),
  z.strictObject({ do: z.literal('expectNoText'), text: short }),
  z.strictObject({ do: z.literal('expectCount'), target: CheckTarget, count: z.number().int().min(0).max(1000) }),
  // The app's functions sent a mail during the check (never really sent): to the address, with the subject or text in it.
  z
    .strictObject({ do: z.literal('expectEmail'), to: short.optional(), subject: short.optional(), text: short.optional() })
    .refine((s) => s.to !== undefined || s.subject !== undefined || s.text !== undefined, 'An expectEmail step names to, subject or text.'),
]);
export type CheckStep = z.infer<typeof CheckStep>;

export const BehaviourCheck = z.strictObject({
  name: short,
  steps: z.array(CheckStep).min(1).max(MAX_STEPS),
});
export type BehaviourCheck = z.infer<typeof BehaviourCheck>;

export const isCheckFile = (path: string) => path.startsWith(CHECKS_DIR) && path.endsWith('.json') && !path.slice(CHECKS_DIR.length).includes('/');

export type ParsedChecks = { checks: (BehaviourCheck & { file: string })[]; problems: { file: string; message: string }[] };

/** Every check file of a project, in path order: the valid ones, and why each other one is not (never throws). */
export function parseBehaviourChecks(files: ReadonlyMap<string, string>): ParsedChecks {
  const out: ParsedChecks = { checks: [], problems: [] };
  const paths = [...files.keys()].filter(isCheckFile).sort();
  for (const file of paths) {
    if (out.checks.length >= MAX_CHECKS) {
      out.problems.push({ file, message: `Only the first ${MAX_CHECKS} checks are run; merge or remove this one.` });
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse(files.get(file)!);
    } catch (err) {
      out.problems.push({ file, message: `This check is not valid JSON: ${(err as Error).message}` });
      continue;
    }
    const parsed = BehaviourCheck.safeParse(json);
    if (parsed.success) out.checks.push({ ...parsed.data, file });
    else out.problems.push({ file, message: `This check does not follow the check format: ${describeZodIssue(parsed.error.issues[0])}` });
  }
  return out;
}

function describeZodIssue(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'unknown problem';
  const where = issue.path.length ? issue.path.join('.') : 'the file';
  return `${where}: ${issue.message}`.slice(0, 300);
}

/** How a step reads in the chat and in a fix request: `click the button "Add"`. */
export function describeTarget(t: CheckTarget): string {
  if ('role' in t) return t.name ? `the ${t.role} "${t.name}"` : `a ${t.role}`;
  if ('label' in t) return `the field labelled "${t.label}"`;
  if ('placeholder' in t) return `the field with placeholder "${t.placeholder}"`;
  return `the text "${t.text}"`;
}

export function describeStep(s: CheckStep): string {
  switch (s.do) {
    case 'fill':
      return `fill ${describeTarget(s.target)} with "${s.value}"`;
    case 'click':
      return `click ${describeTarget(s.target)}`;
    case 'press':
      return `press ${s.key}${s.target ? ` in ${describeTarget(s.target)}` : ''}`;
    case 'expectText':
      return `expect the text "${s.text}"${s.target ? ` in ${describeTarget(s.target)}` : ''}`;
    case 'expectNoText':
      return `expect no text "${s.text}"`;
    case 'expectCount':
      return `expect ${s.count} × ${describeTarget(s.target)}`;
    case 'expectEmail':
      return `expect an e-mail${s.to ? ` to ${s.to}` : ''}${s.subject ? ` about "${s.subject}"` : ''}${s.text ? ` saying "${s.text}"` : ''}`;
  }
}
