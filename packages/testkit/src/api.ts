import type { Session, Sprout } from '@sprout/core/contract';

/** The password of every account the tests make (long enough for the sign-up rules). */
export const PASSWORD = 'correct horse battery';

/** An account a test made: what sign-up or sign-in answered, and the password that signs in again. */
export type TestAccount = Session & { password: string };

/** One API answer: the status, the parsed JSON body (undefined when empty) and the headers. */
export interface Answer<T> {
  status: number;
  json: T;
  headers: Headers;
}

let counter = 0;
/** An email address no other test uses, tagged for the logs. */
export function uniqueEmail(tag = 'user'): string {
  counter += 1;
  return `${tag}-${Date.now()}-${counter}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** The API over real HTTP, as the web app and other clients call it (bearer tokens, JSON bodies). */
export class ApiClient {
  constructor(readonly url: string) {}

  /** `T` names the answer's shape (a contract type); left out, the test reads what it needs. */
  async call<T = any>(method: string, path: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer<T>> {
    const res = await fetch(`${this.url}${path}`, {
      method,
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...opts.headers,
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const text = await res.text();
    let json: T;
    try {
      json = (text ? JSON.parse(text) : undefined) as T;
    } catch {
      throw new Error(`${method} ${path} answered ${res.status} with a body that is not JSON: ${text.slice(0, 200)}`);
    }
    return { status: res.status, json, headers: res.headers };
  }

  /** Signs up a new person (a unique address unless `email` is given); fails unless the API answers 201. */
  async register(input: { email?: string; displayName?: string; tag?: string } = {}): Promise<TestAccount> {
    const tag = input.tag ?? 'user';
    const body = { email: input.email ?? uniqueEmail(tag), password: PASSWORD, displayName: input.displayName ?? `Test ${tag}` };
    const res = await this.call<Session>('POST', '/v1/auth/register', { body });
    if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.json)}`);
    return { ...res.json, password: PASSWORD };
  }

  /** Signs in (a new session, new tokens); fails unless the API answers 200. */
  async login(email: string, password = PASSWORD): Promise<TestAccount> {
    const res = await this.call<Session>('POST', '/v1/auth/login', { body: { email, password } });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.json)}`);
    return { ...res.json, password };
  }

  /** Fresh tokens (and the roles and tier claims) after a server-side change to the account. */
  async refresh(account: TestAccount): Promise<TestAccount> {
    const res = await this.call<Session>('POST', '/v1/auth/refresh', { body: { refreshToken: account.refreshToken } });
    if (res.status !== 200) throw new Error(`refresh failed: ${res.status} ${JSON.stringify(res.json)}`);
    return { ...res.json, password: account.password };
  }

  /** Creates a project; fails unless the API answers 201. */
  async createSprout(token: string, body: { displayName?: string; files?: { name: string; content: string }[] } = {}): Promise<Sprout> {
    const res = await this.call<Sprout>('POST', '/v1/sprouts', { token, body });
    if (res.status !== 201) throw new Error(`POST /v1/sprouts answered ${res.status}: ${JSON.stringify(res.json)}`);
    return res.json;
  }
}
