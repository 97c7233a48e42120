// The offline builder's replies carry server setup text (SPROUT_MODEL, keys, restart)
// only for staff, who run the server; everyone else gets a plain sentence. The API says who the
// person is in the run's input (RunInput.staff), the engine hands it to the model as provider options.

import { describe, expect, it } from 'vitest';
import { NO_MODEL_NOTE } from '@sprout/offline';
import { newProject, sendAndWait, useTestApp } from '../testing';

const STAFF = 'offline-staff@example.com';
const t = useTestApp({ STAFF_EMAILS: STAFF, RENDER_CHECK: 'off' });

async function replyTo(email: string, text: string): Promise<string> {
  const person = await t.register({ email });
  const sproutId = await newProject(t, person);
  const { events, types } = await sendAndWait(t, person, sproutId, text);
  expect(types.at(-1), JSON.stringify(events.at(-1))).toBe('run.finished');
  return events.flatMap((e) => (e.type === 'text.delta' ? [e.data.text] : [])).join('');
}

describe('setup text in offline replies', () => {
  it('is shown to staff and not to other people, who are told plainly', async () => {
    const prompt = 'a recipe box where I save recipes and filter by tag';
    const staff = await replyTo(STAFF, prompt);
    const person = await replyTo('offline-person@example.com', prompt);
    // Who sees what first, then what was built.
    expect(staff).toMatch(/^Each visitor keeps their own recipes; nobody else sees them\.\n\nI built \*\*Recipe Box\*\*/);
    expect(person).toMatch(/^Each visitor keeps their own recipes; nobody else sees them\.\n\nI built \*\*Recipe Box\*\*/);
    expect(staff).toContain('`SPROUT_MODEL`');
    expect(staff).toContain('restart Sprout');
    expect(person).not.toContain('SPROUT_MODEL');
    expect(person).not.toMatch(/API_KEY|restart Sprout/);
    expect(person).toContain(NO_MODEL_NOTE);
  });
});
