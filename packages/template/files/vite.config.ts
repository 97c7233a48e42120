import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, loadEnv, type ProxyOptions } from 'vite';
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

export default defineConfig(({ mode }) => {
  // SPROUT_BACKEND_URL from the shell, else from .env files (only VITE_ names ever reach the app's code).
  const proxy = sproutBackend(loadEnv(mode, projectDir, '').SPROUT_BACKEND_URL);
  return {
    root: 'client',
    // .env files next to package.json, not in client/.
    envDir: projectDir,
    plugins: [react(), tailwindcss()],
    resolve: { alias: { '@': fileURLToPath(new URL('./client/src', import.meta.url)) } },
    build: { outDir: '../dist', emptyOutDir: true },
    server: { proxy },
    preview: { proxy },
  };
});
