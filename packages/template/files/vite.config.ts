import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { existsSync } from 'node:fs';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { fileURLToPath, pathToFileURL, URL } from 'node:url';
import { defineConfig, loadEnv, type PluginOption, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const projectDir = fileURLToPath(new URL('.', import.meta.url));

// The app's data, users and files live in its Sprout backend (client/src/lib/sprout.ts calls /_sprout/v1/
// on the page's own origin). Outside Sprout, `npm run dev` and `npm run preview` forward those calls to the
// published app named by SPROUT_BACKEND_URL (see .env.example). The backend answers only its own origin, so
// the forwarded requests carry that origin; its cookies are kept for localhost.
function sproutBackend(target: string | undefined): Record<string, ProxyOptions> | undefined {
  if (!target) return undefined;
  const url = new URL(target);
  const agent = new (url.protocol === 'https:' ? HttpsAgent : HttpAgent)({ keepAlive: true, lookup: localhostLookup });
  return { '/_sprout': { target: url.origin, changeOrigin: true, headers: { origin: url.origin }, cookieDomainRewrite: '', agent } };
}

type LookupCallback = (err: Error | null, address: string | LookupAddress[], family?: number) => void;

// Every name under .localhost is this machine (RFC 6761), and browsers treat it so, but Node asks the
// system's resolver, which on many laptops does not know `my-app.sites.localhost` (a Sprout running on
// the same machine): those names are answered here, the rest (`localhost` itself too) as usual.
function localhostLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (!name.endsWith('.localhost')) return void lookup(hostname, options, callback as never);
  if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(null, '127.0.0.1', 4);
}

// A project with server functions (functions/) is exported with sprout-functions.mjs, which runs them
// on this machine; without it, function calls go to the backend like the rest of /_sprout/.
async function localFunctions(env: Record<string, string>): Promise<PluginOption[]> {
  const runner = fileURLToPath(new URL('./sprout-functions.mjs', import.meta.url));
  if (!existsSync(runner)) return [];
  const { sproutFunctions } = await import(pathToFileURL(runner).href);
  const backend = env.SPROUT_BACKEND_URL ? new URL(env.SPROUT_BACKEND_URL).origin : undefined;
  return [sproutFunctions({ root: projectDir, env, backend })];
}

export default defineConfig(async ({ mode }) => {
  // SPROUT_BACKEND_URL and the functions' secrets from the shell, else from .env files (only VITE_ names
  // ever reach the app's code).
  const env = loadEnv(mode, projectDir, '');
  const proxy = sproutBackend(env.SPROUT_BACKEND_URL);
  return {
    root: 'client',
    // .env files next to package.json, not in client/.
    envDir: projectDir,
    plugins: [react(), tailwindcss(), ...(await localFunctions(env))],
    resolve: { alias: { '@': fileURLToPath(new URL('./client/src', import.meta.url)) } },
    build: { outDir: '../dist', emptyOutDir: true },
    server: { proxy },
    preview: { proxy },
  };
});
