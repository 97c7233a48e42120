// The main module of one app function's Worker. The runtime sends each call as a POST whose
// `x-sprout-call` header carries what the function may know (method, URL, user, visitor, secrets);
// the function gets a web-standard Request and a `ctx`, and what it answers goes back as one JSON
// envelope with its log lines and, when it threw, the error. Never the process's own state: each
// call builds its ctx afresh.

// The function's module is loaded by its first call, not when the process starts: one whose top level
// throws (or loops) fails its own calls, with its error, never the other functions of its app, which
// share the process. A module that failed to load stays failed, as modules do.
let loading = null;
const loadApp = () => (loading ??= import('./function.js'));

const MAX_LOG_LINES = 200;
const MAX_LINE = 2000;

function text(value) {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return value.stack ?? `${value.name}: ${value.message}`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function toBase64(bytes) {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function fromBase64(data) {
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** One request to Sprout through the bridge, with the call's token; its error as Sprout said it. */
async function askSprout(bridge, token, path, body) {
  const res = await bridge.fetch(`http://sprout/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const data = await res.json();
  if (!res.ok) {
    const err = new Error(data.message ?? 'The request to Sprout failed.');
    err.code = data.code;
    err.status = res.status;
    throw err;
  }
  return data.result;
}

/** ctx.db: the app's collections through Sprout, as the project owner (rules do not apply). */
function database(bridge, token) {
  const send = (body) => askSprout(bridge, token, 'db', body);
  const collection = (name) => ({
    add: (doc) => send({ op: 'add', collection: name, data: doc }),
    get: (id) => send({ op: 'get', collection: name, id }),
    list: (query = {}) => send({ op: 'list', collection: name, query }),
    update: (id, patch) => send({ op: 'update', collection: name, id, data: patch }),
    remove: (id) => send({ op: 'remove', collection: name, id }),
  });
  return { collection };
}

/**
 * ctx.ai: the app's AI through Sprout (Sprout's model and key, metered to the owner). `complete`
 * answers the whole text; `chat` is the same reply as an async iterable, the shape the pages' ai.chat has.
 */
function ai(bridge, token) {
  const complete = async ({ messages, system, maxTokens } = {}) => (await askSprout(bridge, token, 'ai', { op: 'ai.chat', messages, system, maxTokens })).text;
  const chat = (options) => ({
    async *[Symbol.asyncIterator]() {
      yield await complete(options);
    },
  });
  return { chat, complete };
}

/** ctx.email: the app's mail through Sprout's mail server (under the app's name), recorded in its Outbox. */
function email(bridge, token) {
  return {
    // Passed whole: a field Sprout does not take (from, cc, bcc, headers) is refused with a message, not dropped unseen.
    send: (mail) => askSprout(bridge, token, 'email', { ...(typeof mail === 'object' && mail !== null ? mail : { to: mail }), op: 'email.send' }),
  };
}

/** ctx.payments: a paid order of the app's data refunded in full (through the owner's Stripe for live data). */
function payments(bridge, token) {
  return { refund: (id) => askSprout(bridge, token, 'payments', { op: 'payments.refund', id }) };
}

async function envelope(response, logs) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  return Response.json({ status: response.status, headers: [...response.headers], body: toBase64(bytes), logs, error: null });
}

export default {
  async fetch(request, env) {
    const call = JSON.parse(new TextDecoder().decode(fromBase64(request.headers.get('x-sprout-call') ?? '')));
    const headers = new Headers(request.headers);
    headers.delete('x-sprout-call');
    const hasBody = call.method !== 'GET' && call.method !== 'HEAD';
    const req = new Request(call.url, { method: call.method, headers, body: hasBody ? request.body : null });
    const logs = [];
    const log = (...args) => {
      if (logs.length < MAX_LOG_LINES) logs.push(args.map(text).join(' ').slice(0, MAX_LINE));
    };
    const ctx = {
      env: Object.freeze({ ...call.env }),
      user: call.user,
      visitor: call.visitor,
      db: database(env.SPROUT, call.token),
      ai: ai(env.SPROUT, call.token),
      email: email(env.SPROUT, call.token),
      payments: payments(env.SPROUT, call.token),
      log,
      fetch: (input, init) => fetch(input, init),
    };
    let app;
    try {
      app = await loadApp();
    } catch (err) {
      const message = err instanceof Error ? err.message : text(err);
      const error = { kind: 'load_failed', message, stack: err instanceof Error ? (err.stack ?? null) : null };
      return Response.json({ status: 500, headers: [], body: null, logs, error });
    }
    if (typeof app.default !== 'function') {
      return Response.json({
        status: 500,
        headers: [],
        body: null,
        logs,
        error: { kind: 'no_default', message: 'The function file does not export a default function.' },
      });
    }
    try {
      const out = await app.default(req, ctx);
      if (out instanceof Response) return envelope(out, logs);
      return envelope(Response.json(out === undefined ? null : out), logs);
    } catch (err) {
      const error =
        err instanceof Error ? { kind: 'threw', message: err.message, stack: err.stack ?? null } : { kind: 'threw', message: text(err), stack: null };
      return Response.json({ status: 500, headers: [], body: null, logs, error });
    }
  },
};
