import react from '@vitejs/plugin-react';
import { defineConfig, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

type ChunkingContext = { getModuleInfo(id: string): Rolldown.ModuleInfo | null };

/** The app's own modules (the web app and the shared package), as opposed to libraries. */
const APP_MODULE = /[\\/](apps[\\/]web[\\/]src|packages[\\/]shared[\\/]src)[\\/]/;
const NODE_MODULES = /[\\/]node_modules[\\/]/;
const MANTINE_FULL_STYLES = /[\\/]@mantine[\\/]core[\\/]styles\.css$/;
const LANDING_ROUTE = /[\\/]src[\\/]app[\\/]routes[\\/]landing\.tsx$/;
/**
 * What a signed-in page runs before it draws: the guard, the frame, the dashboard; and the
 * sign-out screen, which the frame fetches ahead (it must open with no signal). The report pages
 * and entry forms (routes/task.tsx) add a file of their own.
 */
const SIGNED_IN_ENTRY =
  /[\\/]src[\\/]app[\\/](session-guard|signed-in-frame|routes[\\/](dashboard|logout))\.tsx$/;
const ENTRY_ROUTE = /[\\/]src[\\/]app[\\/]routes[\\/]task\.tsx$/;
/** The report pages' dialogs (entry form, detail, verify), loaded when the page is idle. */
const ENTRY_DIALOGS = /[\\/]features[\\/]records[\\/]components[\\/]report-dialog-modules\.ts$/;

type EntryGraphs = {
  landingApp: Set<string>;
  landingLibraries: Set<string>;
  signedIn: Set<string>;
  entryForms: Set<string>;
  entryDialogs: Set<string>;
};
let entryGraphs: EntryGraphs | undefined;

/**
 * The modules the first pages of a phone need, found once per build from the whole module
 * graph: the landing route's app modules and, apart, its libraries; and everything a signed-in
 * page runs before it draws. Only static imports count: what a page loads on demand stays apart
 * (a module both imported here and loaded on demand elsewhere is needed here: it is kept, or
 * its file and this one would import each other, and one would run before the other is ready).
 */
function graphsOf(ctx: ChunkingContext, anyId: string): EntryGraphs {
  if (entryGraphs) return entryGraphs;
  const info = (id: string) => ctx.getModuleInfo(id);
  const all = new Set<string>();
  const walk = [anyId];
  while (walk.length > 0) {
    const id = walk.pop() as string;
    if (all.has(id)) continue;
    all.add(id);
    const m = info(id);
    if (m) walk.push(...m.importedIds, ...m.dynamicallyImportedIds, ...m.importers, ...m.dynamicImporters);
  }
  const staticallyFrom = (pattern: RegExp, keep: (id: string) => boolean) => {
    const found = new Set<string>();
    const todo = [...all]
      .filter((id) => pattern.test(id))
      .flatMap((id) => [...(info(id)?.importedIds ?? [])]);
    while (todo.length > 0) {
      const id = todo.pop() as string;
      const m = info(id);
      // Mantine's full stylesheet is loaded apart (app/full-styles.ts). Other stylesheets go
      // with the modules that import them: left out, one would land in a file of another
      // group, which this file would then import, and which may import this one.
      if (found.has(id) || !m || MANTINE_FULL_STYLES.test(id) || !keep(id)) continue;
      found.add(id);
      todo.push(...m.importedIds);
    }
    return found;
  };
  const landing = staticallyFrom(LANDING_ROUTE, () => true);
  entryGraphs = {
    landingApp: new Set([...landing].filter((id) => APP_MODULE.test(id))),
    landingLibraries: new Set([...landing].filter((id) => NODE_MODULES.test(id))),
    signedIn: staticallyFrom(SIGNED_IN_ENTRY, () => true),
    entryForms: staticallyFrom(ENTRY_ROUTE, () => true),
    entryDialogs: staticallyFrom(ENTRY_DIALOGS, () => true),
  };
  return entryGraphs;
}

/** A file of the modules one of the build's entry graphs holds (graphsOf). */
function graphGroup(name: string, graph: keyof EntryGraphs, priority: number) {
  return {
    name: (id: string, ctx: ChunkingContext) => (graphsOf(ctx, id)[graph].has(id) ? name : null),
    // Exactly the graph's modules: what they import is in the graph already, or in a file above.
    includeDependenciesRecursively: false,
    priority,
  };
}

/**
 * Modules of these packages, not their stylesheets: Mantine's full stylesheet is loaded on its
 * own before a page's CSS (app/full-styles.ts), which must keep coming after it.
 */
const inPackages = (...names: string[]) => {
  const pattern = new RegExp(
    `[\\\\/]node_modules[\\\\/](${names.join('|').replaceAll('/', '[\\\\/]')})[\\\\/]`,
  );
  return (id: string) => pattern.test(id) && !id.endsWith('.css');
};

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
        // Background Sync relays to the open app that the signal is back (the entries outbox).
        importScripts: ['/sw-outbox-sync.js'],
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
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the server links a page's files from it (platform/page-bootstrap.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // Issue 29: left to itself, Rolldown made a file of every set of modules a different
        // set of lazy routes shares (each icon, each Mantine component): a signed-in page
        // loaded 100+ scripts, most under 2 KB, on a phone's slow round trips. Instead, a page
        // loads a handful: the first download (what main.tsx imports, /login included), then
        // for the other pages a few shared files, each cached once for all of them, and the
        // route's own file. Routes stay lazy: a route module is never put in a group.
        codeSplitting: {
          groups: [
            // What every page needs before it draws: main.tsx and the sign-in page.
            { name: 'index', tags: ['$initial'], priority: 70 },
            { name: 'icons', test: inPackages('@tabler/icons-react'), priority: 60 },
            // The landing's own modules (API client, shared texts), then its libraries (the
            // public pages' Mantine components, zod).
            graphGroup('public', 'landingApp', 50),
            graphGroup('public-libraries', 'landingLibraries', 48),
            // The rest of what a signed-in page runs before it draws, app and libraries: the
            // dashboard needs this file and little else.
            graphGroup('signed-in', 'signedIn', 45),
            // The report pages and entry forms (/task/…), apart from what the dashboard needs.
            graphGroup('entry-forms', 'entryForms', 44),
            // Their dialogs, apart: loading them runs what they need, not every module the
            // other pages share (the shared file below builds many pages' schemas).
            graphGroup('entry-dialogs', 'entryDialogs', 43),
            {
              name: 'mantine',
              test: inPackages('@mantine/core', '@mantine/hooks', '@floating-ui'),
              priority: 40,
            },
            { name: 'zod', test: inPackages('zod'), priority: 35 },
            {
              name: 'vendor',
              test: (id: string) => NODE_MODULES.test(id) && !id.endsWith('.css'),
              priority: 30,
            },
            // The app's modules two or more lazy routes share; a module one route uses stays
            // in that route's file.
            { name: 'shared', test: APP_MODULE, minShareCount: 2, priority: 20 },
          ],
        },
      },
    },
  },
});
