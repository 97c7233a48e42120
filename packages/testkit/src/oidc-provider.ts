import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Provider, { type Configuration } from 'oidc-provider';
import { freePort } from './ports';

/** What the provider says about a person (the standard claims Sprout reads). */
export interface OidcPerson {
  email?: string;
  email_verified?: boolean;
  name?: string;
  given_name?: string;
}

export interface TestOidcProvider {
  /** `http://127.0.0.1:{port}`: discovery is at `{issuer}/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds (or changes) the person who signs in with this login on the provider's page. */
  addPerson(login: string, claims: OidcPerson): void;
  stop(): Promise<void>;
}

/**
 * A real OpenID Connect provider (`oidc-provider`) on 127.0.0.1 for tests, with one client (its
 * redirect URIs on localhost match on any port): its
 * login page is a form that asks for a login (any person added with `addPerson`) and has a Cancel
 * button; consent is given at once. Sign-in tests drive it over real HTTP or in the browser.
 */
export async function startOidcProvider(options: {
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
  people?: Record<string, OidcPerson>;
}): Promise<TestOidcProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = options.clientId ?? 'sprout';
  const clientSecret = options.clientSecret ?? 'sprout-test-secret';
  const people = new Map(Object.entries(options.people ?? {}));
  const config: Configuration = {
    clients: [
      { client_id: clientId, client_secret: clientSecret, redirect_uris: options.redirectUris, grant_types: ['authorization_code'], response_types: ['code'] },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name'] },
    cookies: { keys: ['sprout-test-oidc-provider'] },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const person = people.get(sub);
      return person ? { accountId: sub, claims: () => ({ sub, ...person }) } : undefined;
    },
    // Consent is not what these tests are about: every client gets the scopes it asks for.
    loadExistingGrant: async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, config);
  // A product a test starts on free ports registers `http://localhost/v1/auth/oidc/{id}/callback`:
  // on this machine a redirect URI matches on any port, as loopback redirects do (RFC 8252 §7.3).
  provider.Client.prototype.redirectUriAllowed = (uri: string) =>
    options.redirectUris.some((allowed) => withoutLoopbackPort(allowed) === withoutLoopbackPort(uri));
  const callback = provider.callback();
  const server = createServer((req, res) => {
    const match = /^\/interaction\/([\w-]+)(\/abort)?$/.exec(req.url ?? '');
    if (!match) return void callback(req, res);
    interact(provider, req, res, people, match[2] === '/abort').catch((err: Error) => {
      res.statusCode = 500;
      res.end(err.message);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    clientId,
    clientSecret,
    addPerson: (login, claims) => void people.set(login, claims),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The login page (GET), its form (POST: the login) and its Cancel button (POST …/abort). */
async function interact(provider: Provider, req: IncomingMessage, res: ServerResponse, people: Map<string, unknown>, abort: boolean): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  if (abort) {
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'End-User aborted interaction' },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  if (req.method === 'POST') {
    const form = new URLSearchParams(await bodyOf(req));
    const login = form.get('login') ?? '';
    if (people.has(login)) {
      await provider.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
      return;
    }
  }
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.end(`<!doctype html><html><head><title>Test provider: sign in</title></head><body>
<h1>Sign in to the test provider</h1>
<form method="post" action="/interaction/${details.uid}">
<label>Login <input name="login" id="login" autocomplete="off"></label>
<button type="submit" id="provider-sign-in">Sign in</button>
</form>
<form method="post" action="/interaction/${details.uid}/abort"><button type="submit" id="provider-cancel">Cancel</button></form>
</body></html>`);
}

function withoutLoopbackPort(uri: string): string {
  if (!URL.canParse(uri)) return uri;
  const url = new URL(uri);
  if (url.protocol === 'http:' && ['localhost', '127.0.0.1'].includes(url.hostname)) url.port = '';
  return url.href;
}

function bodyOf(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
    });
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}
