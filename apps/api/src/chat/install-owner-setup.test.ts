// On a fresh install (`npm start`, no staff configured) the first account is the person
// who can connect a model: its first offline reply says how, once; nobody else's does.
import { describe, expect, it } from 'vitest';
import { newProject, sendAndWait, type Session, useTestApp } from '../testing';

const t = useTestApp({ RENDER_CHECK: 'off' });

async function replyTo(person: Session, text: string): Promise<string> {
  const sproutId = await newProject(t, person);
  const { events, types } = await sendAndWait(t, person, sproutId, text);
  expect(types.at(-1)).toBe('run.finished');
  return events.flatMap((e) => (e.type === 'text.delta' ? [e.data.text] : [])).join('');
}

describe('setup text on a fresh install', () => {
  it('is in the first account’s first reply only', async () => {
    const owner = await t.register({ email: 'installer@example.com' });
    const visitor = await t.register({ email: 'second-account@example.com' });
    expect(await replyTo(owner, 'a todo list')).toContain('SPROUT_MODEL');
    expect(await replyTo(owner, 'a habit tracker')).not.toContain('SPROUT_MODEL');
    expect(await replyTo(visitor, 'a todo list')).not.toContain('SPROUT_MODEL');
  });
});
