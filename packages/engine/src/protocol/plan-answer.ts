import { Plan, PlanQuestion } from '@sprout/core/contract';
import { readDirections } from './plan-directions';

// A plan run's answer: prose for the chat, and the plan itself as JSON in one block,
//   <sprout-plan>{ "summary": …, "screens": [...], … }</sprout-plan>
// which every model can write (no structured-output API needed) and the offline builder writes too.

const OPEN = '<sprout-plan>';
const CLOSE = '</sprout-plan>';

export interface PlanAnswer {
  /** The plan, or null when the answer held none that could be read. */
  plan: Plan | null;
  /** The answer without the plan block (what the chat shows beside the plan). */
  prose: string;
}

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const asText = (v: unknown, max: number): string => (typeof v === 'string' ? v.trim().slice(0, max) : '');
const slug = (text: string, i: number) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || `q${i + 1}`;

/**
 * Reads the plan out of an answer. Lenient where a model is loose (missing lists, a screen given as
 * a string, a question without an id, too many questions), strict on shape in the end: what comes out
 * is a valid Plan or null. Never throws.
 */
export function readPlanAnswer(text: string): PlanAnswer {
  const start = text.indexOf(OPEN);
  if (start < 0) return { plan: null, prose: text.trim() };
  const end = text.indexOf(CLOSE, start);
  const body = text.slice(start + OPEN.length, end < 0 ? undefined : end);
  const prose = `${text.slice(0, start)}${end < 0 ? '' : text.slice(end + CLOSE.length)}`.trim();
  let raw: Record<string, unknown>;
  try {
    const parsed = JSON.parse(body.trim().replace(/^```(?:json)?\s*|\s*```$/g, ''));
    if (!parsed || typeof parsed !== 'object') return { plan: null, prose };
    raw = parsed as Record<string, unknown>;
  } catch {
    return { plan: null, prose };
  }
  const named = (v: unknown, second: string) =>
    typeof v === 'string'
      ? { name: asText(v, 80), [second]: asText(v, 300) }
      : { name: asText((v as Record<string, unknown>)?.name, 80), [second]: asText((v as Record<string, unknown>)?.[second], 400) };
  const seen = new Set<string>();
  const questions = asArray(raw.questions)
    .slice(0, 3)
    .map((q, i) => {
      const r = (q ?? {}) as Record<string, unknown>;
      const text = asText(r.text ?? r.question, 300);
      let id = typeof r.id === 'string' && /^[a-z0-9-]{1,40}$/.test(r.id) ? r.id : slug(text, i);
      if (seen.has(id)) id = `${id.slice(0, 36)}-${i + 1}`;
      seen.add(id);
      return {
        id,
        text,
        options: asArray(r.options)
          .map((o) => asText(o, 120))
          .filter(Boolean)
          .slice(0, 5),
      };
    })
    .filter((q) => PlanQuestion.safeParse(q).success);
  const candidate = {
    summary: asText(raw.summary, 1200),
    screens: asArray(raw.screens)
      .slice(0, 12)
      .map((s) => named(s, 'description'))
      .map((s) => ({ ...s, description: s.description || s.name })),
    data: asArray(raw.data)
      .slice(0, 12)
      .map((d) => {
        const r = (d ?? {}) as Record<string, unknown>;
        return {
          name: asText(r.name ?? r.collection, 80),
          fields: asArray(r.fields)
            .map((f) => asText(f, 80))
            .filter(Boolean)
            .slice(0, 30),
          access: asText(r.access, 200) || 'Each visitor’s own',
        };
      }),
    integrations: asArray(raw.integrations)
      .slice(0, 10)
      .map((x) => named(x, 'reason'))
      .map((x) => ({ ...x, reason: x.reason || x.name })),
    design: asText(raw.design, 600) || 'Clean and simple, in the template’s theme.',
    questions,
  };
  const checklist = asArray(raw.checklist)
    .map((c) => asText(c, 200))
    .filter(Boolean)
    .slice(0, 10);
  const directions = readDirections(raw.directions);
  const checked = Plan.safeParse({
    ...candidate,
    screens: candidate.screens.filter((s) => s.name),
    data: candidate.data.filter((d) => d.name),
    integrations: candidate.integrations.filter((x) => x.name),
    ...(checklist.length ? { checklist } : {}),
    ...(directions.length ? { directions } : {}),
  });
  return { plan: checked.success ? checked.data : null, prose };
}

/** An answer holding `plan` as readPlanAnswer reads it (the offline builder's, and tests'). */
export function writePlanAnswer(prose: string, plan: Plan): string {
  return `${prose.trim()}\n\n${OPEN}${JSON.stringify(plan)}${CLOSE}\n`;
}
