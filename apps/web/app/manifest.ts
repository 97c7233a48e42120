import type { MetadataRoute } from 'next';

export default function manifest(): MetadataRoute.Manifest {
  return {
    name: 'Sprout — AI App Builder',
    short_name: 'Sprout',
    description: 'Turn your ideas into fully functional apps, games, and websites',
    start_url: '/build',
    scope: '/',
    display: 'standalone',
    background_color: '#f7fbf8',
    theme_color: '#2f8a4f',
    icons: [
      { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
      { src: '/pwa-icon/192', sizes: '192x192', type: 'image/png' },
      { src: '/pwa-icon/512', sizes: '512x512', type: 'image/png' },
      { src: '/pwa-icon/512', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
