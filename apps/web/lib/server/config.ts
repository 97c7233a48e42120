import 'server-only';
import { z } from 'zod';
import { HostDomain } from '@sprout/core';
import { sessionSecrets } from '../session-secrets';

const url = z
  .string()
  .trim()
  .pipe(z.url({ protocol: /^https?$/ }));
const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((s) => (s ? s : undefined))
  .pipe(url.optional());

const endpoint = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v) => (v.trim().toLowerCase() === 'none' ? '' : v.trim()));

const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  WEB_PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  API_PORT: z.coerce.number().int().min(1).max(65535).default(3001),
  WEB_URL: optionalUrl,
  API_URL: optionalUrl,
  API_INTERNAL_URL: optionalUrl,
  USAGE_URL: optionalUrl,
  SESSION_SECRETS: z.string().optional(),
  SUPPORT_EMAIL: z.string().default('support@sprout.localhost'),
  APP_STORE_URL: url.default('https://apps.apple.com/app/sprout-ai-app-builder'),
  PLAY_STORE_URL: url.default('https://play.google.com/store/apps/details?id=dev.sprout.app'),
  DOCS_URL: url.default('https://docs.sprout.dev'),
  BLOG_URL: url.default('https://blog.sprout.dev'),
  MAIN_SITE_HOST: z.string().optional(),
  PRODUCT_HOST: z.string().optional(),
  // `none`: not configured (the browser then refuses with core's 'Invalid config.').
  AUTH_LOGIN_ENDPOINT: endpoint('/api/login'),
  AUTH_LOGOUT_ENDPOINT: endpoint('/api/logout'),
  SENTRY_DSN: optionalUrl,
  PREVIEW_DOMAIN: HostDomain.optional(),
});

function load() {
  // An empty variable (`KEY=` as in .env.example) means "use the default", never "invalid".
  const set = Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = EnvSchema.safeParse(set);
  if (!parsed.success) {
    throw new Error(`Invalid web configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
  const e = parsed.data;
  const apiUrl = (e.API_URL ?? `http://localhost:${e.API_PORT}`).replace(/\/$/, '');
  return {
    webUrl: (e.WEB_URL ?? `http://localhost:${e.WEB_PORT}`).replace(/\/$/, ''),
    apiUrl,
    // Server-side calls go straight to the API; Node does not resolve *.localhost names.
    apiInternalUrl: (e.API_INTERNAL_URL ?? `http://127.0.0.1:${e.API_PORT}`).replace(/\/$/, ''),
    usageUrl: (e.USAGE_URL ?? apiUrl).replace(/\/$/, ''),
    // As the API reads it: the page frames previews from there (its Content-Security-Policy).
    previewDomain: e.PREVIEW_DOMAIN ?? `preview.localhost:${e.API_PORT}`,
    sessionSecrets: sessionSecrets(process.env),
    supportEmail: e.SUPPORT_EMAIL,
    appStoreUrl: e.APP_STORE_URL,
    playStoreUrl: e.PLAY_STORE_URL,
    docsUrl: e.DOCS_URL,
    blogUrl: e.BLOG_URL,
    mainSiteHost: e.MAIN_SITE_HOST,
    productHost: e.PRODUCT_HOST,
    loginEndpoint: e.AUTH_LOGIN_ENDPOINT,
    logoutEndpoint: e.AUTH_LOGOUT_ENDPOINT,
    sentryDsn: e.SENTRY_DSN,
  };
}

export type ServerConfig = ReturnType<typeof load>;
let cached: ServerConfig | undefined;
export function serverConfig(): ServerConfig {
  cached ??= load();
  return cached;
}
