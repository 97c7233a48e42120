import { beforeAll, describe, expect, it } from 'vitest';
import { setFlagOverride } from '@sprout/db';
import { fileOf, newProject, runEvents, type Session, useModelTestApp } from '../testing';

const { t, fake } = useModelTestApp();
let owner: Session;
let other: Session;

// A real 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  owner = await t.register();
  other = await t.register();
  await setFlagOverride(t.db.db, owner.user.id, 'enableImageUploads', true);
  await setFlagOverride(t.db.db, other.user.id, 'enableImageUploads', true);
});

const upload = (s: Session, body: Buffer, type = 'image/png') =>
  t.app.inject({ method: 'POST', url: '/build/v1/uploads', headers: { authorization: `Bearer ${s.idToken}`, 'content-type': type }, payload: body });

describe('image uploads', () => {
  it('stores an image whose bytes are an image, whatever the header says', async () => {
    const res = await upload(owner, PNG, 'application/octet-stream');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ mimeType: 'image/png', size: PNG.length });
    const back = await t.app.inject({ method: 'GET', url: `/build/v1/uploads/${res.json().id}`, headers: { authorization: `Bearer ${owner.idToken}` } });
    expect(back.headers['content-type']).toBe('image/png');
    expect(back.rawPayload.equals(PNG)).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: `/build/v1/uploads/${res.json().id}`, headers: { authorization: `Bearer ${other.idToken}` } })).statusCode,
    ).toBe(404);
  });

  it('refuses what is not a png, jpeg, webp or gif, and files over 5 MB', async () => {
    const svg = await upload(owner, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/png');
    expect(svg.statusCode).toBe(415);
    expect(svg.json().code).toBe('unsupported_image');
    const big = await upload(owner, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect((await upload(owner, Buffer.alloc(0))).statusCode).toBe(400);
  });

  it('is refused while the flag is off', async () => {
    const plain = await t.register();
    expect((await upload(plain, PNG)).statusCode).toBe(403);
  });

  it('attaches the owner’s images to a message, sends them to the model, and places one the app imports', async () => {
    const sproutId = await newProject(t, owner);
    const id = (await upload(owner, PNG)).json().id as string;
    const theirs = (await upload(other, PNG)).json().id as string;
    const refused = await t.api('POST', `/build/v1/sprouts/${sproutId}/messages`, { token: owner.idToken, body: { text: 'use this', attachments: [theirs] } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('invalid_attachment');

    const module = `upload-${id.slice(0, 12)}`;
    fake.reply({
      text: `Added your logo.\n\n<sprout-write path="client/src/App.tsx">\nimport logo from '@/assets/${module}';\n\nexport default function App() {\n  return <img src={logo} alt="Logo" />;\n}\n</sprout-write>\n`,
    });
    const sent = await t.api('POST', `/build/v1/sprouts/${sproutId}/messages`, {
      token: owner.idToken,
      body: { text: 'Use this as the logo', attachments: [id] },
    });
    expect(sent.statusCode).toBe(202);
    const events = await runEvents(t, owner, sent.json().runId);
    expect(events.at(-1)).toMatchObject({ type: 'run.finished', data: { remainingIssues: 0 } });

    const request = JSON.stringify(fake.requests.at(-1)!.body.messages);
    expect(request).toContain(`data:image/png;base64,${PNG.toString('base64')}`);
    expect(request).toContain(`@/assets/${module}`);
    expect(await fileOf(t, owner, sproutId, `client/src/assets/${module}.ts`)).toBe(`export default 'data:image/png;base64,${PNG.toString('base64')}';\n`);
    const chat = (await t.api('GET', `/build/v1/sprouts/${sproutId}/messages`, { token: owner.idToken })).json().messages;
    expect(chat[0].attachments).toEqual([{ uploadId: id, mimeType: 'image/png', size: PNG.length }]);
  });
});
