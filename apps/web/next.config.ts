import type { NextConfig } from 'next';

const config: NextConfig = {
  transpilePackages: ['@sprout/core', '@sprout/preview'],
  poweredByHeader: false,
  // Lets several builds (e.g. parallel test runs) live side by side.
  distDir: process.env.NEXT_DIST_DIR || '.next',
};

export default config;
