import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The brand teal (theme.ts, brand shade 6) and the signed-in pages' background (Mantine gray.0). */
const THEME_COLOR = '#0f7f79';
const BACKGROUND_COLOR = '#f8f9fa';

export default defineConfig({
  plugins: [
    react(),
    // Installable app and offline start (issue 29). Workbox's generated service worker (dist/sw.js)
    // precaches the app's own files and serves index.html for app routes with no network; it
    // caches no API answer (no runtimeCaching): Cache Storage never holds patient data.
    VitePWA({
      // A new version waits until the user presses Reload (components/update-prompt.tsx).
      registerType: 'prompt',
      // Registered from lib/service-worker.ts after the first paint, never by a script tag.
      injectRegister: false,
      strategies: 'generateSW',
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      // The icons are precached by the glob below (and the manifest by the plugin): once each.
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'PG e-Logbook',
        short_name: 'e-Logbook',
        description: 'The electronic logbook for postgraduate medical training.',
        lang: 'en',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        categories: ['medical', 'education'],
        // Rendered from public/favicon.svg by scripts/render-icons.mjs.
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell and every hashed script, style and image of the build. The .br and .gz
        // copies (scripts/compress.mjs, written after this) are never precached: the server
        // picks the encoding itself when the worker fetches a file.
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        globIgnores: ['**/*.br', '**/*.gz'],
        // Vite names assets/ after their content: no revision query needed to fetch them fresh.
        dontCacheBustURLsMatching: /^assets\//,
        // A client route opened with no network gets the cached index.html; an API address
        // never does (the app must see the real answer, or the network error).
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api(?:\/|$)/],
        // No runtimeCaching: nothing fetched at run time (API answers, uploaded files) is kept.
        cleanupOutdatedCaches: true,
        // The new worker takes over only when the user presses Reload (messageSkipWaiting).
        skipWaiting: false,
        clientsClaim: false,
      },
    }),
  ],
  server: {
    port: 5173,
    // Keep the browser's Host header (no changeOrigin): the server's origin check accepts a
    // request whose Origin matches its Host, so the dev proxy passes it.
    proxy: { '/api': { target: 'http://localhost:3000' } },
  },
  build: { outDir: 'dist', emptyOutDir: true },
});
