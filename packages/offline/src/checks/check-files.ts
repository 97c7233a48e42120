// Behaviour checks the offline builder writes with every app (packages/core behaviour-checks.ts):
// one to three `checks/<name>.json` files on the app's main behaviour, found by label, role and
// text as a person would. The server runs them against each version on an empty dataset at
// 1280×800, so each check sets up what it needs and expects only what it did itself.

import { CHECKS_DIR, type BehaviourCheck, type CheckStep, type CheckTarget } from '@sprout/core';
import type { GeneratedFile } from '../families/source';

export type Step = CheckStep;

export function checkFile(file: string, name: string, steps: Step[]): GeneratedFile {
  const check: BehaviourCheck = { name, steps };
  return { path: `${CHECKS_DIR}${file}.json`, content: `${JSON.stringify(check, null, 2)}\n` };
}

export const label = (l: string): CheckTarget => ({ label: l });
export const button = (name: string): CheckTarget => ({ role: 'button', name });
export const fill = (target: CheckTarget, value: string): Step => ({ do: 'fill', target, value });
export const click = (target: CheckTarget): Step => ({ do: 'click', target });
export const expectText = (text: string, target?: CheckTarget): Step => ({ do: 'expectText', text, ...(target ? { target } : {}) });
export const expectNoText = (text: string): Step => ({ do: 'expectNoText', text });
export const expectEmail = (to: string, subject: string): Step => ({ do: 'expectEmail', to, subject });

/** Signs up in apps whose data is shared by their signed-in users (components/AuthGate.tsx). */
export const signUp = (who = 'check'): Step[] => [
  click(button('Create an account')),
  fill(label('Email'), `${who}@example.com`),
  fill(label('Password'), 'a long test password'),
  click(button('Create account')),
];
