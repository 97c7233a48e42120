import type { NextConfig } from 'next';
import { STATIC_CSP } from './lib/csp';

// Sent with every page and route. The CSP holds what needs no per-request nonce: nothing may frame
// Sprout, no <base> or plugin can redirect its scripts, and forms post only to Sprout itself. Pages get
// the whole policy, scripts included, from proxy.ts (lib/csp.ts).
const SECURITY_HEADERS = [
  { key: 'Content-Security-Policy', value: STATIC_CSP },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
];

const config: NextConfig = {
  async headers() {
    return [{ source: '/:path*', headers: SECURITY_HEADERS }];
  },
  transpilePackages: ['@sprout/core'],
  poweredByHeader: false,
  // Lets several builds (e.g. parallel test runs) live side by side.
  distDir: process.env.NEXT_DIST_DIR || '.next',
};

export default config;
