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
  const origin = new URL(target).origin;
  return { '/_sprout': { target: origin, changeOrigin: true, headers: { origin }, cookieDomainRewrite: '' } };
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
