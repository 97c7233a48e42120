// The app's own backend: data, users, files, server functions, AI, payments and analytics, served by Sprout on this app's origin
// under /_sprout/v1/. Rules: sprout.data.json at the project root. Sprout provides this file: import from '@/lib/sprout'.
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { paymentsWith } from './sprout-payments';
import { trackWith } from './sprout-analytics';
export type { CheckoutItem, CheckoutOptions } from './sprout-payments';

// Same origin: the preview and the published app answer /_sprout/v1/ themselves, and an exported project's
// `npm run dev` proxies it (vite.config.ts). Set the variable only when the built files are hosted elsewhere.
const BASE = (import.meta.env.VITE_SPROUT_BACKEND_URL ?? '') + '/_sprout/v1';

/** A failed request: `message` is fit to show to the person; `code` and `status` are for the code. */
export class SproutError extends Error {
  readonly code: string;
  readonly status: number;
  constructor(code: string, status: number, message: string) {
    super(message);
    this.name = 'SproutError';
    this.code = code;
    this.status = status;
  }
}

// Document fields are loosely typed unless a type is given (db.collection<Task>('tasks')), so app code can
// read `doc.title` without declaring every shape first.
export type DocData = Record<string, any>;
/** A stored document: its fields plus what the server sets. `createdBy` is the app user or the visitor. */
export type SproutDoc<T = DocData> = T & { id: string; createdAt: string; updatedAt: string; createdBy: string };

type Scalar = string | number | boolean | null;
export type Filter = Scalar | { eq?: Scalar; ne?: Scalar; gt?: Scalar; gte?: Scalar; lt?: Scalar; lte?: Scalar; in?: Scalar[] };
export interface ListQuery {
  /** `{ done: false }` or `{ slot: { gte: '2026-12-01' } }`, on top-level fields. */
  where?: Record<string, Filter>;
  /** A field, `createdAt` (the default) or `updatedAt`. */
  orderBy?: string;
  desc?: boolean;
  /** 1 to 200 (50). */
  limit?: number;
  /** The `next` of the previous page. */
  after?: string | null;
}
export interface Page<T = DocData> {
  data: SproutDoc<T>[];
  next: string | null;
}
/** A patch: the fields to change; `null` removes a field. */
export type Patch<T> = { [K in keyof T]?: T[K] | null };

export interface SproutUser {
  id: string;
  email: string;
  createdAt: string;
}
export interface SproutFile {
  id: string;
  url: string;
  name: string;
  type: string;
  size: number;
}

const FALLBACK: Record<number, string> = {
  401: 'Please sign in first.', 403: 'You are not allowed to do that.', 404: 'That could not be found.',
  409: 'That is already taken.', 413: 'That is too large.', 429: 'Too many requests. Please wait a moment and try again.',
};

// A new visitor's cookie comes with the backend's first answer. Requests sent before it would each be made
// a visitor of their own, the last cookie winning (the page's writes as the others would vanish from its
// view), so until an answer has come back one request is in flight and the rest wait for it.
let answered = false;
let firstAnswer: Promise<void> | null = null;
function inTurn<T>(send: () => Promise<T>): Promise<T> {
  if (answered) return send();
  if (firstAnswer) return firstAnswer.then(() => inTurn(send));
  const sent = send();
  firstAnswer = sent.then(
    () => void (answered = true),
    // No answer (unreachable): the next waiting request goes alone in its place.
    () => void (firstAnswer = null),
  );
  return sent;
}

const offline = () => new SproutError('network_error', 0, 'Could not reach the server. Check your connection and try again.');
// No answer, or one lost midway: the network's fault, unless the app aborted it (then the abort's error).
const reached = <T>(sent: Promise<T>, signal?: AbortSignal) => sent.catch((err: unknown) => Promise.reject(signal?.aborted ? err : offline()));

async function request<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, mode = 'json', signal?: AbortSignal): Promise<T> {
  const init: RequestInit = { method, credentials: 'same-origin', headers, signal };
  if (body instanceof Blob) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  const res = await reached(inTurn(() => fetch(`${BASE}/${path}`, init)), signal);
  if (mode === 'stream' && res.ok) return res as T; // the caller reads it as it comes
  const text = res.status === 204 ? '' : await res.text().catch(() => '');
  let data: { code?: unknown; message?: unknown } | undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (a proxy's error page): the fallback message below says it better.
  }
  if (!res.ok) {
    const message = typeof data?.message === 'string' ? data.message : (FALLBACK[res.status] ?? 'Something went wrong. Please try again.');
    throw new SproutError(typeof data?.code === 'string' ? data.code : `http_${res.status}`, res.status, message);
  }
  // A function may answer plain text (mode 'text'): given as it came.
  if (mode === 'text' && data === undefined && text) return text as T;
  return data as T;
}

const asSproutError = (err: unknown) =>
  err instanceof SproutError ? err : new SproutError('client_error', 0, err instanceof Error ? err.message : 'Something went wrong.');

function queryString(q: ListQuery): string {
  const params = new URLSearchParams();
  if (q.where && Object.keys(q.where).length) params.set('where', JSON.stringify(q.where));
  if (q.orderBy) params.set('orderBy', q.orderBy);
  if (q.desc !== undefined) params.set('desc', String(q.desc));
  if (q.limit !== undefined) params.set('limit', String(q.limit));
  if (q.after) params.set('after', q.after);
  const s = params.toString();
  return s ? `?${s}` : '';
}

/**
 * Calls `onChange` with the query's documents now and after every change the server announces. The server
 * sends what changed, not the query's result, so the list is loaded again; changes arriving during a load
 * cause one more load, not one each.
 */
function watch<T>(path: string, load: () => Promise<Page<T>>, onChange: (docs: SproutDoc<T>[]) => void, onError?: (err: SproutError) => void) {
  let stopped = false;
  let loading = false;
  let again = false;
  let delivered: string | undefined;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = 1000;
  const refresh = async () => {
    if (loading) return void (again = true);
    loading = true;
    const result = await load().then(
      (page) => ({ page }),
      (err: unknown) => ({ err }),
    );
    loading = false;
    if (stopped) return;
    if (again) {
      again = false;
      void refresh();
    }
    // Outside any try: an exception in the app's own callback is the app's, not a failed request.
    if ('page' in result) {
      // A load that found what the last one did (a stream opening, a change elsewhere in the collection) is
      // not a change for the app: no callback, so no render.
      const seen = JSON.stringify(result.page.data);
      if (seen !== delivered) onChange(result.page.data);
      delivered = seen;
    } else {
      delivered = undefined;
      onError?.(asSproutError(result.err));
    }
  };
  // Settles when the stream opens or fails: its answer, like a request's, may carry the visitor's cookie.
  const open = () =>
    new Promise<void>((opened, failed) => {
      if (stopped) return opened();
      const stream = new EventSource(`${BASE}/${path}/events`);
      source = stream;
      stream.addEventListener('change', () => void refresh());
      stream.onopen = () => {
        opened();
        delay = 1000;
        // A change made before the server was listening (while disconnected, or between the first load and
        // this stream opening) was never announced to it, so every opening loads the list again.
        void refresh();
      };
      // EventSource gives up for good on some failures (an error status, a rate limit), so every error closes
      // it and a new one follows after a pause that doubles up to 30 s.
      stream.onerror = () => {
        failed(new Error('stream failed'));
        stream.close();
        if (stopped) return;
        timer = setTimeout(connect, delay);
        delay = Math.min(delay * 2, 30_000);
      };
    });
  // A failed stream is onerror's to handle; its rejection only lets a waiting request go first.
  const connect = () => void inTurn(open).catch(() => undefined);
  void refresh();
  connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
  };
}

export interface Collection<T = DocData> {
  add(doc: T): Promise<SproutDoc<T>>;
  get(id: string): Promise<SproutDoc<T>>;
  list(query?: ListQuery): Promise<Page<T>>;
  update(id: string, patch: Patch<T>): Promise<SproutDoc<T>>;
  remove(id: string): Promise<void>;
  /** Live results of a list query; returns the function that stops it. */
  subscribe(query: ListQuery, onChange: (docs: SproutDoc<T>[]) => void, onError?: (err: SproutError) => void): () => void;
}

function collection<T = DocData>(name: string): Collection<T> {
  const path = `collections/${encodeURIComponent(name)}`;
  const one = (id: string) => `${path}/${encodeURIComponent(id)}`;
  const list = (query: ListQuery = {}) => request<Page<T>>('GET', path + queryString(query));
  return {
    add: (doc) => request('POST', path, doc),
    get: (id) => request('GET', one(id)),
    list,
    update: (id, patch) => request('PATCH', one(id), patch),
    remove: (id) => request('DELETE', one(id)),
    subscribe: (query, onChange, onError) => watch(path, () => list(query), onChange, onError),
  };
}

export const db = { collection };

/** The live documents of a collection for a component; `query` may be a new object every render. */
export function useCollection<T = DocData>(name: string, query: ListQuery = {}) {
  const [state, setState] = useState<{ data: SproutDoc<T>[]; loading: boolean; error: SproutError | null }>({ data: [], loading: true, error: null });
  // Keyed on the query's content, so `useCollection('x', { limit: 5 })` does not resubscribe on every render.
  const key = JSON.stringify(query);
  useEffect(() => {
    setState((s) => ({ ...s, loading: true }));
    return collection<T>(name).subscribe(
      JSON.parse(key) as ListQuery,
      (data) => setState({ data, loading: false, error: null }),
      (error) => setState((s) => ({ ...s, loading: false, error })),
    );
  }, [name, key]);
  return state;
}

// The signed-in user, shared by every useUser() of the page: `undefined` until the first answer. Each change
// bumps `userVersion`, so an older "who am I" answer arriving after a sign-in cannot undo it.
let currentUser: { user: SproutUser | null } | undefined;
let userVersion = 0;
let userLoad: Promise<unknown> | null = null;
const userListeners = new Set<() => void>();

function onUserChange(listener: () => void) {
  userListeners.add(listener);
  return () => void userListeners.delete(listener);
}

function setUser(user: SproutUser | null): SproutUser | null {
  currentUser = { user };
  userVersion++;
  for (const listener of userListeners) listener();
  return user;
}

export interface Credentials {
  email: string;
  password: string;
}

export const auth = {
  signUp: async (c: Credentials) => setUser((await request<{ user: SproutUser }>('POST', 'auth/sign-up', c)).user) as SproutUser,
  signIn: async (c: Credentials) => setUser((await request<{ user: SproutUser }>('POST', 'auth/sign-in', c)).user) as SproutUser,
  signOut: async () => {
    await request<void>('POST', 'auth/sign-out');
    setUser(null);
  },
  /** The signed-in user of this app, or null. */
  user: async (): Promise<SproutUser | null> => {
    const version = userVersion;
    const { user } = await request<{ user: SproutUser | null }>('GET', 'auth/me');
    if (version === userVersion) setUser(user);
    return user;
  },
};

/** The app's signed-in user (null when signed out), updated by auth.signIn, signUp and signOut. */
export function useUser() {
  const known = useSyncExternalStore(onUserChange, () => currentUser);
  useEffect(() => {
    // Unreachable server: shown as signed out rather than loading forever.
    if (!currentUser) userLoad ??= auth.user().catch(() => currentUser ?? setUser(null)).finally(() => (userLoad = null));
  }, []);
  return { user: known?.user ?? null, loading: known === undefined };
}

export const files = {
  /** Uploads an image (png, jpeg, gif, webp), pdf, plain text or csv; `url` shows or downloads it. */
  upload: (file: Blob & { name?: string }, name = file.name ?? 'file') =>
    request<SproutFile>('POST', 'files', file, { 'content-type': file.type || 'application/octet-stream', 'x-file-name': encodeURIComponent(name) }),
};

/**
 * The app's server functions (functions/<name>.ts), which run on Sprout's servers with the app's
 * secrets: call them for what the browser must not do or know (API keys, trusted checks, mail).
 */
export const functions = {
  /** Calls a function: POST with `body` as JSON, or GET without one; resolves to its JSON (or text) reply. */
  call: <T = any>(name: string, body?: unknown): Promise<T> =>
    request<T>(body === undefined ? 'GET' : 'POST', `functions/${encodeURIComponent(name)}`, body, {}, 'text'),
};

/** A function for a component: `call(body)` runs it; `data`, `error` and `loading` follow the latest call. */
export function useFunction<T = any>(name: string) {
  const [state, setState] = useState<{ data: T | undefined; error: SproutError | null; loading: boolean }>({ data: undefined, error: null, loading: false });
  const latest = useRef(0);
  const call = useCallback(
    async (body?: unknown): Promise<T> => {
      const id = ++latest.current;
      setState((s) => ({ ...s, loading: true, error: null }));
      try {
        const data = await functions.call<T>(name, body);
        if (id === latest.current) setState({ data, error: null, loading: false });
        return data;
      } catch (err) {
        const error = asSproutError(err);
        if (id === latest.current) setState((s) => ({ ...s, error, loading: false }));
        throw error;
      }
    },
    [name],
  );
  return { ...state, call };
}
export const payments = paymentsWith((path, body) => request('POST', path, body));
export const track = trackWith(BASE); // an event of the published app in its Analytics: track('signup', { plan: 'pro' })

export interface AiMessage { role: 'user' | 'assistant'; content: string }
type AiOptions = { messages: AiMessage[]; system?: string; maxTokens?: number; signal?: AbortSignal };

/** The app's own AI: Sprout's model through the app's backend, metered to the app's owner. `complete` gives the whole reply. */
export const ai = {
  /** The reply as it is written: `for await (const text of ai.chat({ messages, system }))`; aborting `signal` stops it (throwing the abort's error). */
  async *chat({ messages, system, maxTokens, signal }: AiOptions): AsyncIterable<string> {
    const reader = (await request<Response>('POST', 'ai/chat', { messages, system, maxTokens }, {}, 'stream', signal)).body!.getReader();
    const decoder = new TextDecoder();
    try {
      for (let lines = ['']; ; ) {
        const { done, value } = await reached(reader.read(), signal);
        // Lines of JSON: {"text"} as the model writes, then {"done"}, or {"error"} if it fails midway; the last waits for its newline.
        lines = (lines.pop() + decoder.decode(value, { stream: !done })).split('\n');
        for (const item of lines.slice(0, -1).filter((l) => l.trim()).map((l) => JSON.parse(l))) {
          if (item.error) throw new SproutError(item.error.code, 503, item.error.message);
          if (item.done) return;
          if (item.text) yield item.text as string;
        }
        if (done) throw offline(); // ended without {"done"}: cut off
      }
    } finally {
      reader.cancel().catch(() => undefined); // the app stopped reading early: the server stops the model
    }
  },
  async complete(options: AiOptions): Promise<string> {
    let reply = '';
    for await (const text of ai.chat(options)) reply += text;
    return reply;
  },
};

/** A chat for a component: `send(text)` adds the message and the reply as it is written, with the history before it; a failure is in `error`, not thrown. */
export function useChat({ system, maxTokens }: { system?: string; maxTokens?: number } = {}) {
  const [state, setState] = useState<{ messages: AiMessage[]; streaming: boolean; error: SproutError | null }>({ messages: [], streaming: false, error: null });
  const chat = useRef<{ history: AiMessage[]; running?: AbortController }>({ history: [] });
  const stop = useCallback(() => chat.current.running?.abort(), []);
  useEffect(() => stop, [stop]);
  const send = useCallback(
    async (text: string) => {
      stop();
      const abort = (chat.current.running = new AbortController());
      // A reply that never began is left out; only the latest send (not replaced by another, nor reset) shows.
      const asked: AiMessage[] = [...chat.current.history.filter((m) => m.content), { role: 'user', content: text }];
      const show = (reply: string, streaming: boolean, error: SproutError | null = null) => {
        if (chat.current.running !== abort) return;
        chat.current.history = reply || streaming ? [...asked, { role: 'assistant', content: reply }] : asked;
        setState({ messages: chat.current.history, streaming, error });
      };
      let reply = '';
      show(reply, true);
      const read = async () => {
        for await (const chunk of ai.chat({ messages: asked, system, maxTokens, signal: abort.signal })) show((reply += chunk), true);
      };
      await read().then(() => show(reply, false), (err: unknown) => show(reply, false, abort.signal.aborted ? null : asSproutError(err)));
    },
    [system, maxTokens, stop],
  );
  const reset = useCallback(() => {
    stop();
    chat.current = { history: [] };
    setState({ messages: [], streaming: false, error: null });
  }, [stop]);
  return { ...state, send, stop, reset };
}
