import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../services';
import { appContext } from './app-request';
import { me, signIn, signOut, signUp } from './app-auth';
import { FILE_ROUTE_BODY_LIMIT, readFile, uploadFile } from './app-files';
import { streamChanges } from './app-events';
import { addDocument, getDocument, listDocuments, removeDocument, updateDocument } from './documents';

// An app's backend (docs/app-backend.md), served under /_sprout/v1/ on the app's own origin only:
// the host dispatcher lets these paths through on preview and published-app hosts, and appContext
// answers 404 on any other host. Sprout's own tokens play no part (`auth: 'public'`).

const tags = ['app backend'];
const config = { auth: 'public' as const };
const Name = z.string().min(1).max(64);
const Id = z.string().min(1).max(64);
const Doc = z.record(z.string(), z.unknown());
const ListQuery = z.object({
  where: z.string().max(8000).optional(),
  orderBy: z.string().max(64).optional(),
  desc: z.string().max(5).optional(),
  limit: z.string().max(4).optional(),
  after: z.string().max(2000).optional(),
});
const Credentials = z.strictObject({ email: z.string().email().max(254), password: z.string().min(8, 'Use at least 8 characters.').max(256) });
const SignInBody = z.strictObject({ email: z.string().max(254), password: z.string().max(256) });

export const appBackendRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  const base = '/_sprout/v1';

  app.post(`${base}/collections/:name`, { config, schema: { tags, params: z.object({ name: Name }), body: Doc } }, async (req, reply) => {
    const ctx = await appContext(s, req, reply);
    return reply.status(201).send(await addDocument(s, ctx, req.params.name, req.body));
  });
  app.get(`${base}/collections/:name`, { config, schema: { tags, params: z.object({ name: Name }), querystring: ListQuery } }, async (req, reply) =>
    listDocuments(s, await appContext(s, req, reply), req.params.name, req.query),
  );
  app.get(`${base}/collections/:name/events`, { config, schema: { tags, params: z.object({ name: Name }) } }, async (req, reply) =>
    streamChanges(s, await appContext(s, req, reply), req.params.name, req, reply),
  );
  app.get(`${base}/collections/:name/:id`, { config, schema: { tags, params: z.object({ name: Name, id: Id }) } }, async (req, reply) =>
    getDocument(s, await appContext(s, req, reply), req.params.name, req.params.id),
  );
  app.patch(`${base}/collections/:name/:id`, { config, schema: { tags, params: z.object({ name: Name, id: Id }), body: Doc } }, async (req, reply) =>
    updateDocument(s, await appContext(s, req, reply), req.params.name, req.params.id, req.body),
  );
  app.delete(`${base}/collections/:name/:id`, { config, schema: { tags, params: z.object({ name: Name, id: Id }) } }, async (req, reply) => {
    await removeDocument(s, await appContext(s, req, reply), req.params.name, req.params.id);
    return reply.status(204).send();
  });

  app.post(`${base}/auth/sign-up`, { config, schema: { tags, body: Credentials } }, async (req, reply) =>
    signUp(s, await appContext(s, req, reply), reply, req.body, req.ip),
  );
  app.post(`${base}/auth/sign-in`, { config, schema: { tags, body: SignInBody } }, async (req, reply) =>
    signIn(s, await appContext(s, req, reply), reply, req.body, req.ip),
  );
  app.post(`${base}/auth/sign-out`, { config, schema: { tags } }, async (req, reply) => {
    await signOut(s, await appContext(s, req, reply), reply);
    return reply.status(204).send();
  });
  app.get(`${base}/auth/me`, { config, schema: { tags } }, async (req, reply) => me(s, await appContext(s, req, reply)));

  app.get(`${base}/files/:id`, { config, schema: { tags, params: z.object({ id: Id }) } }, async (req, reply) => {
    const file = await readFile(s, await appContext(s, req, reply), req.params.id);
    return reply.headers(file.headers).send(file.body);
  });

  // Uploads: the raw bytes, whatever type the app claims (the server sniffs its own).
  await app.register(async (files) => {
    files.removeAllContentTypeParsers();
    files.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: FILE_ROUTE_BODY_LIMIT }, (_req, body, done) => done(null, body));
    files.post(`${base}/files`, { config, bodyLimit: FILE_ROUTE_BODY_LIMIT, schema: { tags } }, async (req, reply) => {
      const ctx = await appContext(s, req, reply);
      return reply.status(201).send(await uploadFile(s, ctx, req.body, req.headers['x-file-name']));
    });
  });
};
