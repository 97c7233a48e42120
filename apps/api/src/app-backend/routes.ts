import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../services';
import { appContextOf } from './app-caller';
import { planFileBytes } from './app-request';
import { capUpload } from './cap-upload';
import { me, signIn, signOut, signUp } from './app-auth';
import { readFile, uploadFile } from './app-files';
import { streamChanges } from './app-events';
import { addDocument, getDocument, listDocuments, removeDocument, updateDocument } from './documents';

// An app's backend (docs/app-backend.md), served under /_sprout/v1/ on the app's own origin only:
// the host dispatcher lets these paths through on preview and published-app hosts, and every route
// declares its caller (`appCaller`: app-caller.ts), which answers 404 on any other host before the
// handler runs. Sprout's own tokens play no part (`auth: 'public'`).

const tags = ['app backend'];
const config = { auth: 'public', appCaller: true } as const;
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
    return reply.status(201).send(await addDocument(s, appContextOf(req), req.params.name, req.body));
  });
  app.get(`${base}/collections/:name`, { config, schema: { tags, params: z.object({ name: Name }), querystring: ListQuery } }, async (req) =>
    listDocuments(s, appContextOf(req), req.params.name, req.query),
  );
  app.get(`${base}/collections/:name/events`, { config, schema: { tags, params: z.object({ name: Name }) } }, async (req, reply) =>
    streamChanges(s, appContextOf(req), req.params.name, req, reply),
  );
  app.get(`${base}/collections/:name/:id`, { config, schema: { tags, params: z.object({ name: Name, id: Id }) } }, async (req) =>
    getDocument(s, appContextOf(req), req.params.name, req.params.id),
  );
  app.patch(`${base}/collections/:name/:id`, { config, schema: { tags, params: z.object({ name: Name, id: Id }), body: Doc } }, async (req) =>
    updateDocument(s, appContextOf(req), req.params.name, req.params.id, req.body),
  );
  app.delete(`${base}/collections/:name/:id`, { config, schema: { tags, params: z.object({ name: Name, id: Id }) } }, async (req, reply) => {
    await removeDocument(s, appContextOf(req), req.params.name, req.params.id);
    return reply.status(204).send();
  });

  app.post(`${base}/auth/sign-up`, { config, schema: { tags, body: Credentials } }, async (req, reply) =>
    signUp(s, appContextOf(req), reply, req.body, req.ip),
  );
  app.post(`${base}/auth/sign-in`, { config, schema: { tags, body: SignInBody } }, async (req, reply) => signIn(s, appContextOf(req), reply, req.body, req.ip));
  app.post(`${base}/auth/sign-out`, { config, schema: { tags } }, async (req, reply) => {
    await signOut(s, appContextOf(req), reply);
    return reply.status(204).send();
  });
  app.get(`${base}/auth/me`, { config, schema: { tags } }, async (req) => me(s, appContextOf(req)));

  // Streamed from the file store: a file's bytes never pass through the database.
  app.get(`${base}/files/:id`, { config, schema: { tags, params: z.object({ id: Id }) } }, async (req, reply) => {
    const file = await readFile(s, appContextOf(req), req.params.id);
    return reply.headers(file.headers).send(file.body);
  });

  // Uploads: the raw bytes, whatever type the app claims (the server sniffs its own), handed on as a
  // stream that goes straight into the file store.
  await app.register(async (files) => {
    files.removeAllContentTypeParsers();
    files.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
    files.post(
      `${base}/files`,
      {
        config,
        schema: { tags },
        // The plan's limit before a byte is read: a free app's 5 MB is what a visitor may send, cut off past it.
        preParsing: async (req, _reply, payload) => capUpload(payload, req.headers['content-length'], await planFileBytes(s, req)),
      },
      async (req, reply) => {
        return reply.status(201).send(await uploadFile(s, appContextOf(req), req.body, req.headers['x-file-name']));
      },
    );
  });
};
