import type { NextConfig } from 'next';

// Sent with every page and route. The CSP holds what needs no per-request nonce: nothing may frame
// Sprout, no <base> or plugin can redirect its scripts, and forms post only to Sprout itself.
const SECURITY_HEADERS = [
  { key: 'Content-Security-Policy', value: "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'" },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
];

const config: NextConfig = {
  async headers() {
    return [{ source: '/:path*', headers: SECURITY_HEADERS }];
  },
  transpilePackages: ['@sprout/core', '@sprout/preview'],
  poweredByHeader: false,
  // Lets several builds (e.g. parallel test runs) live side by side.
  distDir: process.env.NEXT_DIST_DIR || '.next',
};

export default config;
