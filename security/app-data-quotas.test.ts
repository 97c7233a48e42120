// Anonymous visitors once filled a free app's whole quota in minutes, after which nobody could save.
// One visitor (or app user) may fill at most half an app; one client address may add at most a
// quarter a day, whichever visitors it claims to be; and the owner hears before the app is full.
import { describe, expect, it } from 'vitest';
import { appVisitor, newProject, useTestApp } from '@sprout/api/testing';
import { Tally } from '@sprout/testkit/vitest';

const quotas = new Tally('app data: one visitor or address filling an app');
// Uploads are many requests of one visitor: the per-minute request limit is not what is tried here.
const t = useTestApp({ APP_REQUESTS_PER_MINUTE: '100000' });

const MB = 1024 * 1024;
const file = (tag: string) => Buffer.from(`${tag}\n${'a'.repeat(4 * MB - tag.length - 1)}`);
const notices = () => t.logs.filter((l) => l.event === 'app_data_nearly_full_notice');

describe("a free app's data", () => {
  it('takes no more than its share from one address a day and from one visitor, and warns the owner once', async () => {
    const owner = await t.register();
    const sproutId = await newProject(t, owner);
    // The published app, whose visitors are anonymous and each their own (in the preview only the owner gets in).
    const published = await t.api('POST', `/build/v1/sprouts/${sproutId}/publish`, { token: owner.idToken });
    expect(published.statusCode, published.body).toBe(200);
    const host = new URL(published.json().publicUrl).host;
    const cookie = '';
    const upload = (v: ReturnType<typeof appVisitor>, n: number) =>
      v.call('POST', 'files', file(`file ${n}`), { 'content-type': 'application/octet-stream', 'x-file-name': `f${n}.txt` });

    // One visitor from one address: 12 MB a day of a 50 MB app.
    const mallory = appVisitor(t, host, cookie, 'http', '203.0.113.7');
    for (let i = 0; i < 3; i++) expect((await upload(mallory, i)).statusCode).toBe(201);
    const fourth = await upload(mallory, 3);
    quotas.check(fourth.statusCode === 403 && /today/.test(fourth.json().message), `one address added past its daily share: ${fourth.statusCode}`);

    // The same visitor from other addresses (one each): stopped at half the app.
    const from = (address: string) => appVisitor(t, host, `sprout_visitor=${mallory.jar.get('sprout_visitor')}`, 'http', address);
    for (let i = 4; i < 7; i++) expect((await upload(from(`198.51.100.${i}`), i)).statusCode).toBe(201);
    const seventh = await upload(from('198.51.100.7'), 7);
    quotas.check(seventh.statusCode === 403 && /one person may/.test(seventh.json().message), `one visitor filled past half the app: ${seventh.statusCode}`);

    // Everyone else still saves.
    const alice = appVisitor(t, host, cookie, 'http', '192.0.2.44');
    quotas.check((await alice.call('POST', 'collections/notes', { text: 'still works' })).statusCode === 201, 'another visitor could not save');
    expect(notices()).toHaveLength(0);

    // Past 80 % of the storage (40 MB), the owner is told, once.
    for (let i = 8; i < 12; i++) expect((await upload(appVisitor(t, host, cookie, 'http', `192.0.2.${i}`), i)).statusCode).toBe(201);
    expect(notices()).toHaveLength(1);
    expect(notices()[0]).toMatchObject({ to: owner.user.email });
    expect((await alice.call('POST', 'collections/notes', { text: 'once more' })).statusCode).toBe(201);
    expect(notices()).toHaveLength(1);
    quotas.assertClean();
  });
});
