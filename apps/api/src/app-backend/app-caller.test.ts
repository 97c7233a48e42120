import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { newProject, previewCookie, useTestApp } from '../testing';
import { appCaller, appContextOf } from './app-caller';

const t = useTestApp();
let preview: { host: string; cookie: string; sproutId: string };

beforeAll(async () => {
  const owner = await t.register();
  const sproutId = await newProject(t, owner);
  preview = { ...(await previewCookie(t, owner, sproutId)), sproutId };
});

describe('an app backend route declares its caller (appCaller)', () => {
  it('hands the handler the loaded context; a route under the prefix that does not declare it is refused at start-up', async () => {
    const app = Fastify();
    await app.register(appCaller, { services: t.app.services, resolveFunctionCaller: async (_s, req) => ({ resolvedFor: req.url }) });
    let reached = 0;
    app.get('/_sprout/v1/functions/x', { config: { appCaller: 'function' } }, async (req) => ({ caller: req.functionCaller, context: req.appContext }));
    app.get('/_sprout/v1/whose', { config: { appCaller: true } }, async (req) => {
      reached += 1;
      return appContextOf(req).scope;
    });
    app.get('/elsewhere', async () => ({ declared: false }));
    expect(() => app.get('/_sprout/v1/undeclared', async () => ({}))).toThrow('/_sprout/v1/undeclared is an app backend route but does not declare appCaller');

    const whose = await app.inject({ method: 'GET', url: '/_sprout/v1/whose', headers: { host: preview.host, cookie: preview.cookie } });
    expect(whose.json()).toEqual({ sproutId: preview.sproutId, dataset: 'test' });
    // Checked before the handler: another origin, no preview session, or no app at the host never reach it.
    const other = await app.inject({
      method: 'GET',
      url: '/_sprout/v1/whose',
      headers: { host: preview.host, cookie: preview.cookie, origin: 'http://evil.example' },
    });
    expect(other.statusCode).toBe(403);
    const noSession = await app.inject({ method: 'GET', url: '/_sprout/v1/whose', headers: { host: preview.host } });
    expect(noSession.statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/_sprout/v1/whose' })).statusCode).toBe(404);
    expect(reached).toBe(1);
    expect((await app.inject({ method: 'GET', url: '/elsewhere' })).json()).toEqual({ declared: false });
    // A function route's caller comes from the resolver the app hands in, instead of the app context.
    expect((await app.inject({ method: 'GET', url: '/_sprout/v1/functions/x' })).json()).toEqual({
      caller: { resolvedFor: '/_sprout/v1/functions/x' },
      context: null,
    });
    await app.close();
  });

  it('runs after the body is validated, as the check inside each handler did', async () => {
    // On the API's own host there is no app backend (404), but a body that does not parse is told so first.
    const bad = await t.app.inject({ method: 'POST', url: '/_sprout/v1/auth/sign-in', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(bad.statusCode).toBe(400);
    const good = await t.app.inject({
      method: 'POST',
      url: '/_sprout/v1/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'long enough pw' }),
    });
    expect(good.statusCode).toBe(404);
    expect(good.json()).toMatchObject({ code: 'not_found' });
  });
});
