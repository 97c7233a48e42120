// Runs this project's server functions (functions/<name>.ts) on your machine, for `npm run dev` and
// `npm run preview` (vite.config.ts loads it when it is here). A call to /_sprout/v1/functions/<name>
// runs the local file with Vite's module runner, fresh on every call, so an edit applies at once; a
// name with no local file goes on to the backend at SPROUT_BACKEND_URL like every other /_sprout/ call.
//
// How it differs from Sprout's runtime, on purpose and in the open:
// - ctx.env is your .env (and shell) variables: put each secret there, never with a VITE_ prefix.
// - ctx.db reaches the backend at SPROUT_BACKEND_URL as the visitor calling (its rules apply), not as
//   the owner; without that variable it is not available.
// - ctx.user comes from that backend's sign-in; `access` is followed as Sprout follows it.
// - ctx.ai asks the backend's AI as the visitor calling (metered to the app's owner, as its pages are).
// - ctx.email.send writes the mail to this terminal and sends nothing: an app's mail goes out through
//   Sprout's mail server only, which a machine of yours is not.
// - ctx.payments.refund throws: refunds are the owner's, made on Sprout (its Data panel or its
//   runtime), never from a laptop with the visitor's cookie. Checkouts from the pages go to the backend.
// - Schedules do not run here: call a scheduled function by hand (curl -X POST …/_sprout/v1/functions/<name>).
// - There is no isolate: the code runs in this Node process with your permissions. Run only code you trust.

import { existsSync } from 'node:fs';
import path from 'node:path';
import { runnerImport } from 'vite';

const ROUTE = /^\/_sprout\/v1\/functions\/([a-z0-9]+(?:-[a-z0-9]+)*)(?:[/?]|$)/;
const MAX_BODY = 1024 * 1024;

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY) reject(Object.assign(new Error('A request may be at most 1 MB.'), { status: 413 }));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function send(res, status, body, headers = {}) {
  res.statusCode = status;
  for (const [key, value] of Object.entries(headers)) res.setHeader(key, value);
  res.end(body);
}

const problem = (res, status, code, message) => send(res, status, JSON.stringify({ code, message }), { 'content-type': 'application/json' });

/** The backend's collections as the calling visitor (their cookie), the same calls the app's client makes. */
function backendDb(backend, cookie) {
  const call = async (method, route, body) => {
    if (!backend) throw new Error('ctx.db needs SPROUT_BACKEND_URL (see .env.example).');
    const res = await fetch(`${backend}/_sprout/v1/${route}`, {
      method,
      headers: { origin: backend, ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = res.status === 204 ? null : await res.json().catch(() => null);
    if (!res.ok) throw Object.assign(new Error(data?.message ?? `The data request failed (${res.status}).`), { code: data?.code, status: res.status });
    return data;
  };
  const collection = (name) => {
    const base = `collections/${encodeURIComponent(name)}`;
    const one = (id) => `${base}/${encodeURIComponent(id)}`;
    return {
      add: (doc) => call('POST', base, doc),
      get: (id) => call('GET', one(id)),
      list: (query = {}) => {
        const params = new URLSearchParams();
        for (const [key, value] of Object.entries(query))
          if (value !== undefined && value !== null) params.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
        const qs = params.toString();
        return call('GET', qs ? `${base}?${qs}` : base);
      },
      update: (id, patch) => call('PATCH', one(id), patch),
      remove: (id) => call('DELETE', one(id)),
    };
  };
  return { collection };
}

/** ctx.ai: the backend's AI (/_sprout/v1/ai/chat, newline-delimited JSON) as the calling visitor. */
function backendAi(backend, cookie) {
  const complete = async ({ messages, system, maxTokens } = {}) => {
    if (!backend) throw new Error('ctx.ai needs SPROUT_BACKEND_URL (see .env.example).');
    const res = await fetch(`${backend}/_sprout/v1/ai/chat`, {
      method: 'POST',
      headers: { origin: backend, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ messages, system, maxTokens }),
    });
    if (!res.ok) {
      const data = await res.json().catch(() => null);
      throw Object.assign(new Error(data?.message ?? `The AI request failed (${res.status}).`), { code: data?.code, status: res.status });
    }
    let text = '';
    for (const line of (await res.text()).split('\n')) {
      if (!line.trim()) continue;
      const part = JSON.parse(line);
      if (part.error) throw Object.assign(new Error(part.error.message), { code: part.error.code });
      text += part.text ?? '';
    }
    return text;
  };
  const chat = (options) => ({
    async *[Symbol.asyncIterator]() {
      yield await complete(options);
    },
  });
  return { chat, complete };
}

/** ctx.email: shown here, not sent (see the top of this file). */
const localEmail = (name) => ({
  send: async ({ to, subject, text } = {}) => {
    console.log(`[functions/${name}] e-mail to ${to} (not sent: apps send mail through Sprout only): ${subject}\n${text ?? ''}`);
    return { id: null, status: 'not_sent' };
  },
});

/** ctx.payments: refunds only happen on Sprout (see the top of this file). */
const localPayments = (name) => ({
  refund: async (id) => {
    throw Object.assign(new Error(`functions/${name}: ctx.payments.refund(${JSON.stringify(id)}) runs on Sprout only; refund from the project's Data panel.`), {
      code: 'payments_not_set_up',
      status: 503,
    });
  },
});

/** The app user signed in on the backend, or null. */
async function userOf(backend, cookie) {
  if (!backend || !cookie) return null;
  const res = await fetch(`${backend}/_sprout/v1/auth/me`, { headers: { origin: backend, cookie } }).catch(() => null);
  if (!res?.ok) return null;
  const data = await res.json().catch(() => null);
  return data?.user ? { id: data.user.id, email: data.user.email } : null;
}

/** Vite's middleware for /_sprout/v1/functions/<name>: `root` the project, `env` its variables, `backend` SPROUT_BACKEND_URL's origin. */
function middleware({ root, env, backend }) {
  return async (req, res, next) => {
    const match = ROUTE.exec(req.url ?? '');
    const file = match && path.join(root, 'functions', `${match[1]}.ts`);
    if (!file || !existsSync(file)) return next();
    const name = match[1];
    try {
      const body = await readBody(req);
      const { module } = await runnerImport(file, { configFile: false, root, logLevel: 'error' });
      if (typeof module.default !== 'function') return problem(res, 500, 'function_build_failed', `functions/${name}.ts must export a default function.`);
      const access = module.access ?? 'anyone';
      const cookie = access === 'webhook' ? undefined : req.headers.cookie;
      const user = await userOf(backend, cookie);
      if (access === 'signed-in' && !user) return problem(res, 401, 'sign_in_required', 'Sign in to use this.');
      const headers = Object.entries(req.headers).filter(([key]) => key !== 'cookie' && key !== 'host' && !key.startsWith(':'));
      const request = new Request(new URL(req.url, `http://${req.headers.host ?? 'localhost'}`), {
        method: req.method,
        headers: headers.map(([key, value]) => [key, Array.isArray(value) ? value.join(', ') : String(value)]),
        body: req.method === 'GET' || req.method === 'HEAD' || body.length === 0 ? undefined : body,
      });
      const ctx = {
        env: Object.freeze({ ...env }),
        user,
        visitor: user ? null : 'local',
        db: backendDb(backend, cookie),
        ai: backendAi(backend, cookie),
        email: localEmail(name),
        payments: localPayments(name),
        log: (...args) => console.log(`[functions/${name}]`, ...args),
      };
      const out = await module.default(request, ctx);
      if (out instanceof Response) {
        const reply = Buffer.from(await out.arrayBuffer());
        const replyHeaders = Object.fromEntries([...out.headers].filter(([key]) => key !== 'set-cookie' && key !== 'content-length'));
        return send(res, out.status, reply, replyHeaders);
      }
      send(res, 200, JSON.stringify(out === undefined ? null : out), { 'content-type': 'application/json' });
    } catch (err) {
      if (err?.status === 413) return problem(res, 413, 'function_request_too_large', err.message);
      console.error(`[functions/${name}]`, err);
      problem(res, 500, 'function_error', `The function "${name}" failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
}

/** The Vite plugin: the same middleware for the dev server and for `vite preview`, ahead of the /_sprout proxy. */
export function sproutFunctions(options) {
  // Nothing returned: a function returned from these hooks would be installed after Vite's own middlewares.
  const use = (server) => {
    server.middlewares.use(middleware(options));
  };
  return { name: 'sprout-functions', configureServer: use, configurePreviewServer: use };
}
