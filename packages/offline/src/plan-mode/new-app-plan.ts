// The plan for a new app: what the offline builder understood and will build, from the app it
// would generate for the request (built-app.ts), or the honest plan when it cannot make the app or
// cannot tell which one is meant (instead.ts).

import type { Plan } from '@sprout/core/contract';
import { sharingOf } from '../reply/sharing';
import { WANT_WORDS } from '../understand/ask';
import { joinList } from '../understand/text';
import { buildApp } from './built-app';
import { insteadPlan, onlyAGuess } from './instead';
import { planData } from './plan-data';
import { designOf } from './plan-design';
import { integrationsOf } from './plan-integrations';
import { questionsFor } from './plan-questions';
import { screensOf } from './plan-screens';

/** `replacing`: the name of the app the project has now, which the new one replaces. */
export function newAppPlan(request: string, replacing: string | null = null): Plan {
  const built = buildApp(request);
  const { spec, app, files } = built;
  if (spec.plan.cannot || spec.plan.vague || onlyAGuess(spec)) return insteadPlan(request, spec);
  // What was asked that this app will not have (the reply's first sentence says the same: reply/headline.ts).
  const missing = [...new Set([...spec.plan.missingWants.map((w) => WANT_WORDS[w]), ...(app.missing ?? []), ...spec.limits.map((l) => l.short)])];
  const sharing = sharingOf(app.files);
  const summary = [
    ...(replacing ? [`This replaces ${replacing} with a new app.`] : []),
    `I’ll build ${app.name}, ${app.kind}.`,
    ...(sharing ? [sharing] : []),
    ...(missing.length ? [`Without a model it can’t add ${joinList(missing, 'or')}.`] : []),
  ].join(' ');
  return {
    summary,
    screens: screensOf(spec, app, files).slice(0, 12),
    data: planData(files),
    integrations: integrationsOf(files).slice(0, 10),
    design: designOf(files, { family: spec.family, mobile: spec.flags.mobile }),
    questions: questionsFor(request, built),
    ...checklistOf(files),
  };
}

/** The app's behaviour checks by name: what its build will test, so the plan's checklist is what the checks say. */
function checklistOf(files: ReadonlyMap<string, string>): Pick<Plan, 'checklist'> {
  const names = [...files]
    .filter(([path]) => /^checks\/[^/]+\.json$/.test(path))
    .flatMap(([, content]) => {
      try {
        const name = (JSON.parse(content) as { name?: unknown }).name;
        return typeof name === 'string' && name.trim() ? [name.trim().slice(0, 200)] : [];
      } catch {
        return [];
      }
    })
    .slice(0, 10);
  return names.length ? { checklist: names } : {};
}
