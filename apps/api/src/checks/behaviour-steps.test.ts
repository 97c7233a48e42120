import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '@sprout/testkit/browser';
import type { BehaviourCheck } from '@sprout/core';
import { type CheckEmail, runBehaviourCheck } from './behaviour-steps';

// The steps of behaviour checks on a real page in Debian's Chromium: a small todo list in plain DOM.
const TODO = `<!doctype html><html><body><main>
<h1>Todos</h1>
<label for="new">New todo</label><input id="new" placeholder="What needs doing?">
<button id="add">Add</button><button id="boom">Break</button>
<ul id="list"></ul><p id="empty">Nothing yet</p>
<script>
  const input = document.getElementById('new');
  const add = () => {
    if (!input.value.trim()) return;
    const li = document.createElement('li'); li.textContent = input.value; document.getElementById('list').append(li);
    input.value = ''; document.getElementById('empty').hidden = true;
  };
  document.getElementById('add').onclick = add;
  input.onkeydown = (e) => { if (e.key === 'Enter') add(); };
  document.getElementById('boom').onclick = () => { null.filter(); };
</script></main></body></html>`;

let browser: Browser;
let page: Page;
let errors: string[];
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function fresh(): Promise<Page> {
  await page?.close();
  page = await browser.newPage();
  errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setContent(TODO);
  return page;
}

// The product's own step time: a shorter one made steps that hold fail on a busy machine.
// The mail the app "sent" during the check (the product reads it from the check dataset's Outbox).
let mails: CheckEmail[] = [];
const run = async (steps: BehaviourCheck['steps']) =>
  runBehaviourCheck(await fresh(), { file: 'checks/t.json', name: 'T', steps }, { errors: () => errors, emails: async () => [...mails] });

describe('behaviour check steps', () => {
  it('fills, clicks, presses and expects texts and counts as a person would', async () => {
    const result = await run([
      { do: 'expectText', text: 'nothing yet' },
      { do: 'fill', target: { label: 'New todo' }, value: 'Buy milk' },
      { do: 'click', target: { role: 'button', name: 'Add' } },
      { do: 'fill', target: { placeholder: 'What needs doing?' }, value: 'Call mum' },
      { do: 'press', key: 'Enter', target: { label: 'New todo' } },
      { do: 'expectText', text: 'Buy milk', target: { role: 'list' } },
      { do: 'expectCount', target: { role: 'listitem' }, count: 2 },
      { do: 'expectNoText', text: 'Nothing yet' },
    ]);
    expect(result).toEqual({ file: 'checks/t.json', name: 'T', ok: true, failedStep: null, step: null, message: null });
  });

  it('waits for the mail the app sends, by address (any case), subject or text, and says what was sent instead', async () => {
    mails = [];
    setTimeout(() => mails.push({ to: 'ada@example.com', subject: 'Your booking on Monday', text: 'See you at 10:00.' }), 200);
    const sent = await run([{ do: 'expectEmail', to: 'Ada@Example.com', subject: 'your booking', text: 'at 10:00' }]);
    expect(sent).toMatchObject({ ok: true });
    const other = await run([{ do: 'expectEmail', to: 'bob@example.com' }]);
    expect(other).toMatchObject({ ok: false, failedStep: 1, step: 'expect an e-mail to bob@example.com' });
    expect(other.message).toContain('the app sent no such e-mail (it sent to ada@example.com "Your booking on Monday")');
    mails = [];
    const none = await run([{ do: 'expectEmail', subject: 'Welcome' }]);
    expect(none.message).toContain('the app sent no such e-mail (it sent none)');
  });

  it('goes on after a step that leaves the page, as a form or a checkout’s button does', async () => {
    const p = await browser.newPage();
    await p.route('http://check.test/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: route.request().method() === 'POST' ? '<h1>Sent</h1>' : '<form method="post"><button>Send</button></form>',
      }),
    );
    await p.goto('http://check.test/');
    const steps: BehaviourCheck['steps'] = [
      { do: 'click', target: { role: 'button', name: 'Send' } },
      { do: 'expectText', text: 'Sent' },
    ];
    const result = await runBehaviourCheck(p, { file: 'checks/t.json', name: 'T', steps }, { errors: () => [], emails: async () => [] });
    await p.close();
    expect(result).toMatchObject({ ok: true });
  });

  it('names the failing step, why, and what the page showed', async () => {
    const missing = await run([{ do: 'click', target: { role: 'button', name: 'Save' } }]);
    expect(missing).toMatchObject({ ok: false, failedStep: 1, step: 'click the button "Save"' });
    expect(missing.message).toContain('nothing on the page matches the button "Save"');
    expect(missing.message).toContain('The page showed: "Todos New todo');

    const count = await run([
      { do: 'fill', target: { label: 'New todo' }, value: 'Only one' },
      { do: 'click', target: { text: 'Add' } },
      { do: 'expectCount', target: { role: 'listitem' }, count: 2 },
    ]);
    expect(count).toMatchObject({ ok: false, failedStep: 3, message: expect.stringContaining('expected 2 × a listitem, found 1') });

    const text = await run([{ do: 'expectText', text: 'Buy milk' }]);
    expect(text.message).toContain('"Buy milk" is not on the page');
    const still = await run([{ do: 'expectNoText', text: 'Todos' }]);
    expect(still.message).toContain('"Todos" is still on the page');
  });

  it('fails a step that makes the app throw, with the error', async () => {
    const result = await run([{ do: 'click', target: { role: 'button', name: 'Break' } }]);
    expect(result).toMatchObject({ ok: false, failedStep: 1 });
    expect(result.message).toContain('the app threw an error');
    expect(result.message).toContain("Cannot read properties of null (reading 'filter')");
  });
});
