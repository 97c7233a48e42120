import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../services';
import { gitAccess } from './git-auth';
import { ensureRepo, MAX_PUSH_BYTES, reposRoot } from './git-repos';
import { runHttpBackend } from './http-backend';
import { listenForPushHook } from './push-hook';
import { decidePush } from './receive-push';
import { syncRepo } from './repo-sync';

/** What a clone or fetch may send: its wants and haves, never a pack. */
const MAX_FETCH_REQUEST_BYTES = 2 * 1024 * 1024;

type Service = 'git-upload-pack' | 'git-receive-pack';
type Params = { repo: string };

/**
 * Every project as a git repository over smart HTTP, at `/git/{projectId}.git` (outside the route
 * contract: git is the client; outside-contract.ts). Authenticated with HTTP Basic, an access token
 * as the password. The repositories under `$DATA_DIR/git` are caches made from the database on
 * demand; git's own http-backend serves them, and a push becomes versions in its pre-receive hook.
 */
export const gitRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services: s }) => {
  const root = reposRoot(s.config.dataDir);
  // Shared with the pushes to and pulls from the project's remote: one holder at a time per repository.
  const locks = s.repoLocks;
  // Git's bodies are its own formats: streamed to http-backend as they come, counted there.
  app.addContentTypeParser('*', (_req, payload, done) => done(null, payload));

  async function serve(req: FastifyRequest<{ Params: Params }>, reply: FastifyReply, service: Service, tail: string) {
    const sproutId = req.params.repo.endsWith('.git') ? req.params.repo.slice(0, -4) : '';
    const push = service === 'git-receive-pack';
    const access = await gitAccess(s, req, reply, sproutId, push);
    if (!access) return reply;
    const call = { root, pathInfo: `/${sproutId}.git/${tail}`, userId: access.token.userId, allowPush: push };
    if (!push || tail === 'info/refs') {
      await locks.hold(sproutId, async () => syncRepo(s, access.sprout, await ensureRepo(root, sproutId)));
      await runHttpBackend(req, reply, { ...call, maxBodyBytes: MAX_FETCH_REQUEST_BYTES });
      return reply;
    }
    // A push holds the repository until git has taken it or refused it: no rebuild moves main meanwhile.
    await locks.hold(sproutId, async () => {
      const dir = await ensureRepo(root, sproutId);
      await syncRepo(s, access.sprout, dir);
      const hook = await listenForPushHook((request) => decidePush(s, req.log, sproutId, dir, request));
      try {
        // Git refuses a pack past MAX_PUSH_BYTES itself, in its own words (receive.maxInputSize); this is the backstop.
        await runHttpBackend(req, reply, { ...call, maxBodyBytes: MAX_PUSH_BYTES + 1024 * 1024, env: hook.env });
      } finally {
        await hook.close();
      }
    });
    return reply;
  }

  const config = { auth: 'public' } as const;
  const schema = { hide: true };
  app.get<{ Params: Params; Querystring: { service?: string } }>('/git/:repo/info/refs', { config, schema }, async (req, reply) => {
    const service = req.query.service;
    if (service !== 'git-upload-pack' && service !== 'git-receive-pack')
      return reply.code(400).header('content-type', 'text/plain; charset=utf-8').send('Use git 2 or newer: this server speaks smart HTTP only.\n');
    return serve(req, reply, service, 'info/refs');
  });
  app.post<{ Params: Params }>('/git/:repo/git-upload-pack', { config, schema }, async (req, reply) => serve(req, reply, 'git-upload-pack', 'git-upload-pack'));
  app.post<{ Params: Params }>('/git/:repo/git-receive-pack', { config, schema }, async (req, reply) =>
    serve(req, reply, 'git-receive-pack', 'git-receive-pack'),
  );
};
